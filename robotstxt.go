package robots

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// DefaultMaxBytes is the parsing limit Parse applies: 500 KiB, the minimum
// RFC 9309 §2.5 asks crawlers to read.
const DefaultMaxBytes = 512000

// A Robots is a parsed robots.txt document.
//
// The zero value and a nil *Robots are valid empty documents that allow
// everything. A Robots is safe for concurrent queries. Its exported fields
// may be set freely before the first query (IsAllowed, Explain, CrawlDelay,
// ContentSignalsFor, Agent), which takes them as they are then: fields and
// slices set after it (Groups, or a group's Rules, CrawlDelay or
// ContentSignals) are not seen, and so never make a query fail, nor are
// entries of a Content-Signal map changed in place (the first query copies
// the maps). Rules are not copied, though: a Rule changed in place
// afterwards may be seen by agents not asked for before (every rule of its
// group then has Decision.Line 0: the group's lines are no longer known),
// and races with queries running meanwhile.
// So once a Robots is queried, leave it be, and do not copy it either (go
// vet says so): a copy would answer from the original's compiled rules, not
// from its own fields. Parse or UnmarshalText a new one instead. Hold it by
// pointer in structs too: MarshalText has a pointer receiver, so
// encoding/json writes a Robots field as its text only where it can take
// the field's address (through a pointer to the struct, or in a slice), and
// else (a struct passed by value, a map's value) as a struct, which it
// cannot read back; a *Robots field is always text.
//
// Two parses of the same text are reflect.DeepEqual until either is queried,
// and text with nothing in it parses to the zero Robots. To compare
// documents after that, or across a MarshalText round trip (which renumbers
// lines), compare Groups, Sitemaps, Records and ContentSignals.
//
// Sitemaps are kept as written. The Sitemaps protocol asks for absolute
// URLs, which may be on other hosts; resolve a relative one against the URL
// the file came from (Outcome.FinalURL, after redirects), as any reference
// in a document.
type Robots struct {
	// The Agents last asked for, first and padded (see robotsPad), so that
	// they sit in one cache line: see Robots.Agent.
	views viewTable

	Groups   []Group  // in document order
	Sitemaps []string // Sitemap values as written, in document order
	Records  []Record // every other record, in document order

	// ContentSignals holds the Content-Signal lines that come before the
	// first group: they apply to every agent. Nil when there are none.
	// Parse reads a line as comma-separated key=value members: a key is a
	// token ([A-Za-z0-9_.-]+), kept lower-cased ("AI-Train" is ai-train);
	// a value is yes (true) or no (false), in any case; any other member
	// is dropped, the rest of the line kept.
	ContentSignals map[string]bool

	ruleLines []int32       // source line of each parsed rule, in document order
	ruleStore []Rule        // the array parsed groups' Rules share, to tell them from edited ones
	parsed    []parsedRules // where each parsed group's Rules are in ruleStore, and their rulesSum
	text      string        // what every parsed string is cut from, kept so that no other takes its place (see rulesSum)

	agents atomic.Pointer[agentIndex] // built by the first query

	_ [robotsPad]byte
}

// robotsPad pads a Robots to 256 octets, a size the allocator aligns to 64,
// as it does the views at its start; TestLayout checks it (on 64-bit
// platforms: with 4-octet pointers a Robots is smaller, and its size no
// multiple of 64).
const robotsPad = 16

// A Group is one run of user-agent lines and the records that follow them.
// A user-agent value names the product token it starts with, in any case
// (see ProductToken): "ExampleBot/2.0" and "Example Bot" name examplebot and
// example, and "123bot" names none. One that starts with '*' is the
// wildcard, "*foo" too, which Parse keeps as "*".
type Group struct {
	UserAgents     []string        // as written; "*" for the wildcard; a value whose product token is "" ("", "360Spider") names no agent
	Rules          []Rule          // in document order
	CrawlDelay     time.Duration   // the longest valid value given (see Robots.CrawlDelay); 0 = none ("Crawl-delay: 0" too)
	ContentSignals map[string]bool // Content-Signal: search=yes, ai-train=no -> {"search":true,"ai-train":false}, read as Robots.ContentSignals is; nil = none
}

// isWildcard reports whether a user-agent value is the wildcard: SPEC §1
// has '*' followed by other text still be '*' (Google's parser takes only
// "*" and "* ..." so).
func isWildcard(ua string) bool { return strings.HasPrefix(ua, "*") }

// A Rule is one allow or disallow line. An empty Pattern matches nothing, and
// so does one that starts with neither '/' nor '*' ("Disallow: private"):
// matching starts at a path's first octet, which is '/'.
type Rule struct {
	Allow   bool   // an Allow line; false for Disallow
	Pattern string // as written, comment and surrounding whitespace removed
}

// A Record is a line the protocol does not define, such as Host or
// Clean-param, kept so that no record of a document is silently dropped.
// Lines this package reads are not Records, even when their value does not
// parse: an empty Sitemap, a Crawl-delay or Content-Signal value that does
// not parse, a Crawl-delay before the first group, and Allow and Disallow
// lines before the first group (RFC 9309 §2.1) are dropped. Lines that are
// not records at all are skipped: those whose key is not a token ("Foo Bar:
// x"), and those without a colon that are not exactly two words (while
// "Foo Bar:x", two words, is the record foo with the value "Bar:x"). Lint
// says which lines those are.
type Record struct {
	Name  string // lower-cased
	Value string // as written
}

// Parse reads data as a robots.txt document (RFC 9309 §2), up to
// DefaultMaxBytes. Parse accepts any bytes; it never fails, and says nothing
// of the lines it ignores: Lint does. Lines that are not records are skipped,
// so an HTML page parses to a document with no groups, which allows
// everything, unless lines of it read as records: a page that quotes a
// robots.txt on lines of their own, or a script line such as "userAgent:
// navigator.userAgent," (a User-agent line) followed by "allow: true," (a
// rule), is read for those lines as any text is.
//
// Lines end at LF, CR or CRLF. A UTF-8 byte order mark at the start is
// skipped, even a truncated one. Octets are read as octets: invalid UTF-8 and
// NUL are values' octets like any other, and a file in UTF-16, whose keys
// hold NULs, reads as no records at all, which allows everything (RFC 9309
// §2.2 asks for UTF-8). '#' starts a comment, also within a value. Keys are
// case-insensitive and the whitespace (spaces and tabs, RFC 9309 §2.2's WS; a
// vertical tab, form feed or no-break space is an octet of the value) around
// keys, colons and values is dropped; a line without a colon after its key is
// read as a key and a value only when it is exactly two words ("Disallow /x",
// and "Sitemap https://example.com/s.xml", whose only colon is the value's).
// Like Google's parser, Parse accepts "useragent" and "user agent" for
// user-agent and "dissallow", "dissalow", "disalow", "diasllow" and
// "disallaw" for disallow, and no other misspelling, not even Google's
// "site-map" for sitemap: that line is a Record.
//
// A group is one or more user-agent lines followed by rules; only an allow or
// disallow line ends the run of user-agent lines, and a user-agent line after
// a rule opens a new group. Rules before the first user-agent line belong to
// no group and are dropped. Crawl-delay and Content-Signal lines belong to
// the group they appear in (Content-Signal before the first group: to the
// whole document, see Robots.ContentSignals); a Content-Signal key given
// twice in one group, or twice before the first, keeps its last value, while
// between groups that apply to one agent "no" wins (see
// Robots.ContentSignalsFor). Sitemap lines are collected from anywhere, and
// every other record whose key is a token ([A-Za-z0-9_.-]+) is kept in
// Records.
func Parse(data []byte) *Robots {
	return ParseLimit(data, DefaultMaxBytes)
}

// ParseLimit is Parse with a parsing limit of maxBytes octets instead of
// DefaultMaxBytes; zero or less means DefaultMaxBytes, and a limit above
// math.MaxInt32 (2 GiB less one octet) is read as math.MaxInt32. A line
// counts when its line end falls within the limit (a CRLF whose CR does ends
// it, though its LF falls past); the line the limit cuts is dropped whole, as
// are all after it (RFC 9309 §2.5). A document no longer than the limit is
// read to its end, final line included, with or without a line end. There is
// no limit on the length of a line below that. Lint warns of the lines past
// DefaultMaxBytes.
func ParseLimit(data []byte, maxBytes int) *Robots {
	data = cutAtLimit(data, byteLimit(maxBytes))
	data = skipBOM(data)
	var p parser
	p.parse(data)
	defer p.release()
	return p.robots()
}

// byteLimit returns the limit ParseLimit parses at for maxBytes, as its doc
// gives it; a Fetcher reads as far, and one octet more.
func byteLimit(maxBytes int) int {
	if maxBytes <= 0 {
		return DefaultMaxBytes
	}
	return min(maxBytes, math.MaxInt32) // what a span holds
}

// cutAtLimit returns the whole lines of data that end within limit octets.
func cutAtLimit(data []byte, limit int) []byte {
	if len(data) <= limit {
		return data
	}
	head := data[:limit]
	lf := bytes.LastIndexByte(head, '\n')
	cr := bytes.LastIndexByte(head, '\r')
	return head[:max(lf, cr)+1]
}

// skipBOM drops a UTF-8 byte order mark, or the start of one that the limit
// or the sender cut short, from the start of data.
func skipBOM(data []byte) []byte {
	const bom = "\xef\xbb\xbf"
	for n := len(bom); n > 0; n-- {
		if len(data) >= n && string(data[:n]) == bom[:n] {
			return data[n:]
		}
	}
	return data
}

// A Warning is a line of a robots.txt file that Parse reads otherwise than
// a person reading the file might: see Lint.
type Warning struct {
	Line int    // 1-based, counted as Decision.Line counts
	Msg  string // what Parse does with the line, and why
}

// String returns the warning as "line N: " and its Msg.
func (w Warning) String() string {
	return "line " + strconv.Itoa(w.Line) + ": " + w.Msg
}

// Lint returns, in line order, a Warning for each line of data that Parse
// reads otherwise than it looks, so that a site owner can see what a file
// does before crawlers do. Parse itself never fails and reports nothing.
// Lint warns of:
//
//   - lines Parse ignores whole: those that are not records; Allow, Disallow
//     and Crawl-delay lines before the first User-agent line, which apply to
//     no agent; a Sitemap without a URL; a Crawl-delay that is not a number
//     of seconds; a Content-Signal line with no key=yes or key=no member;
//     and every line past DefaultMaxBytes (one warning, at the first that is
//     neither blank nor a comment);
//   - parts of lines it ignores: the other Content-Signal members of a line;
//   - lines that take effect otherwise than they seem to: a User-agent line
//     that joins the group of an earlier one across other lines (a blank
//     line, a comment, a Crawl-delay), since only a rule ends a run of
//     User-agent lines; a last group with no Allow or Disallow line, whose
//     agents no other group names may then fetch everything ("User-agent:
//     bingbot" and "Crawl-delay: 1" take Bing out of the "*" group's rules);
//     a User-agent value that names no agent ("360Spider"), that names a
//     product token followed by anything but a version ("Example Bot" names
//     example only, "Mozilla/5.0 (compatible; b)" mozilla; "ExampleBot/2.1"
//     draws nothing), or that starts with '*' and is read as "*"; an Allow or
//     Disallow pattern that starts with neither '/' nor '*', which matches
//     no path; a record whose key is at most two typing mistakes from a key
//     Parse reads ("Disallows", "Site-map"; one for a key under seven
//     octets, "Alow", and none under four), or is Noindex, which Google has
//     not read since 2019, kept as records no query reads; and a Sitemap
//     that is not an absolute URL;
//   - lines Parse reads as Google's parser does, where other parsers may
//     ignore them: a key misspelled as Google accepts ("Dissallow"), and two
//     words without a colon ("Disallow /x");
//   - Allow and Disallow rules that never decide a query, since for every
//     agent they apply to one other rule outranks them wherever they match
//     (RFC 9309 §2.2.2: the longest pattern in canonical octets, Allow in a
//     tie, and the first of a full tie, as Explain names it): a rule
//     repeated, in its group or in another group for the same product token,
//     which RFC 9309 §2.2.1 merges; a rule whose pattern an Allow has too
//     ("Disallow: /a/" under "Allow: /a/"); one spelt otherwise ("/%7Ea"
//     after "/~a"); one a longer pattern covers ("/a" under "/a*"). Each
//     warning names the rule that outranks it. Removing all those rules from
//     their groups changes no decision, nor does deleting their lines, unless
//     that leaves a group with no rule, whose User-agent lines the next
//     group's would then join. Lint does not report a rule that only several
//     rules cover together, or different ones for different agents; a rule
//     that decides but changes no verdict ("Disallow: /a/" under "Disallow:
//     /a"); an empty pattern, which matches nothing; or the rules of a group
//     that names no agent, whose User-agent line draws its own warning.
//     Since it weighs each rule, for each agent, against one rule that
//     outranks it on a path and one on its directory, it also misses a few
//     that one rule outranks for every agent while another outranks them for
//     one ("Allow: /x" in a group with "Disallow: /x", and in the '*' group
//     too), and a repeated Allow of an index.html file that a longer pattern
//     covers ("Allow: /index.htm" twice, then "Disallow: /index.htm*"): a
//     rule it reports never decides, but it does not find them all.
//     Comparing rules is bounded, the agents with the fewest rules (and
//     shortest patterns) first: where the rules of one agent share a prefix
//     so much that comparing them all would take too long (some hundreds of
//     long wildcard rules that all start "/*", or thousands of short ones),
//     or where many agents share large groups, Lint stops, says so at the
//     first rule of the agents whose rules it did not compare in full, and
//     may leave some rules that never decide unreported.
//
// Comments and blank lines draw no warning, nor do other records the
// protocol does not define ("Host", "Clean-param": they are kept in
// Robots.Records). A line may draw more than one warning. Removing all the
// lines Lint says are ignored changes nothing Parse reads (removing one
// alone may: a line of junk before one that starts with a byte order mark).
// An HTML page draws a warning for most of its lines.
//
// Lint accepts any bytes, in time and memory linear in their length but for
// the comparing of rules, which is bounded: some 8 times the time Parse takes
// over real files (this package's tests' 332), since most of it goes to
// finding the rules that never decide, and some 50 to 120 ms for 500 KiB
// written to take long (a short rule on every line, misspelt and without a
// colon, such as "disalow /", which draws three warnings, took the longest
// of those tried, about 80 ms; a misspelt key on every line, weighed
// against the keys it may stand for, about 55). Its warnings hold some
// 0.25 times the size of those files over them all, a few times the size of a
// small file that draws many, and under 50 times the size of a file written
// to draw the most, with a warning or more on every short line (some 22 MB
// for 500 KiB). Bound what a stranger sends before linting it, as before
// parsing it.
func Lint(data []byte) []Warning {
	kept := cutAtLimit(data, DefaultMaxBytes)
	p := parser{lint: true}
	next := p.parse(skipBOM(kept))
	defer p.release()
	// What only the whole document shows goes after the warnings of each
	// line it falls on.
	r := p.robots()
	if late := append(p.groupWarnings(r), deadRuleWarnings(r)...); len(late) > 0 {
		slices.SortStableFunc(late, func(a, b Warning) int { return cmp.Compare(a.Line, b.Line) })
		p.warnings = mergeWarnings(p.warnings, late)
	}
	rest := data[len(kept):]
	if len(kept) > 0 && kept[len(kept)-1] == '\r' && len(rest) > 0 && rest[0] == '\n' {
		rest = rest[1:] // the line end of the last line read
	}
	if num, ok := firstRecord(rest, next); ok {
		p.warn(num, fmt.Sprintf("past the parsing limit of %d octets: this line and every one after it are ignored (RFC 9309 §2.5)", DefaultMaxBytes))
	}
	return p.warnings
}

// firstRecord returns the number of the first line of data that is neither
// blank nor a comment, numbering data's first line num, and whether there
// is one.
func firstRecord(data []byte, num int32) (int32, bool) {
	for len(data) > 0 {
		end := len(data)
		if i := bytes.IndexAny(data, "\r\n"); i >= 0 {
			end = i
		}
		line := data[:end]
		if i := bytes.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		if len(bytes.Trim(line, " \t")) > 0 {
			return num, true
		}
		if end < len(data) && data[end] == '\r' && end+1 < len(data) && data[end+1] == '\n' {
			end++
		}
		data = data[min(end+1, len(data)):]
		num++
	}
	return 0, false
}

// A parser turns lines into a Robots in two passes. The first reads lines
// into items that point into the input; the second, knowing every count,
// allocates each slice at its final size and copies all values into one
// string, so a parsed document holds its values once and not its comments,
// whitespace or keys (but for the names of other records, which it keeps).
type parser struct {
	data     []byte
	items    []item
	borrowed *[]item         // where items came from, in parseItems
	signals  map[string]bool // Content-Signal before the first group

	// Groups are made once their number is known, in robots, so that the
	// document keeps an array of their exact size: one grown by append
	// would hold up to as much again, unused, for as long as it lives. A
	// group's Crawl-delay and Content-Signal lines are items until then.
	groups     int // opened so far
	ruleGroups int // of them, those with rules

	inUserAgents bool // the last group line was a user-agent line
	counts       [keyContentSignal + 1]int
	valueBytes   int

	// Lint's: warnings are written only when lint is set, so that Parse
	// pays for no more than the test of it.
	lint      bool
	warnings  []Warning
	groupLine int32 // the user-agent line that opened the last group
	uaLine    int32 // the last user-agent line
}

// An item is a line that becomes a value of the document: a user agent, a
// rule, a sitemap or another record, whose text robots copies out, or a
// Crawl-delay or Content-Signal line of a group, which it reads into the
// group.
type item struct {
	kind     uint8
	newGroup bool // a user-agent line that opens a group
	line     int32
	name     span // records only
	value    span
}

// A span is a range of the input. Offsets are 32-bit to keep items small;
// ParseLimit caps the input at MaxInt32 octets.
type span struct{ from, to int32 }

// parse reads every line of data and returns the number the line after them
// would have. CR-only files would make a naive search for '\n' rescan the
// rest of the file on every line, so the next LF and CR positions are found
// once each and reused until passed.
func (p *parser) parse(data []byte) int32 {
	p.data = data
	// One item a line at most; with LF, CR or CRLF line ends the lines are
	// about the larger count (mixed ends may need append to grow it). And a
	// line that is an item has two octets and a line end at least ("a:"),
	// so that a file of blank lines does not make room for an item each (24
	// octets an octet of it).
	lines := 1 + max(bytes.Count(data, []byte{'\n'}), bytes.Count(data, []byte{'\r'}))
	p.borrowed = borrow[item](&parseItems, min(lines, len(data)/3+1))
	p.items = (*p.borrowed)[:0]
	nextLF, nextCR := -1, -1
	line := int32(1)
	for pos := 0; pos < len(data); line++ {
		if nextLF < pos {
			nextLF = indexFrom(data, pos, '\n')
		}
		if nextCR < pos {
			nextCR = indexFrom(data, pos, '\r')
		}
		end := min(nextLF, nextCR)
		p.line(pos, end, line)
		pos = end + 1
		if end < len(data) && data[end] == '\r' && pos < len(data) && data[pos] == '\n' {
			pos++
		}
	}
	return line
}

// parseItems holds the items of parses that have ended. A crawler parses
// one file after another, and items used again are in the cache and need
// no clearing, where new ones are neither: reusing them made Parse about
// 8 % faster and a quarter lighter in bytes allocated (BenchmarkParse).
var parseItems = sync.Pool{New: func() any { return new([]item) }}

// maxItemsKept bounds the items that go back to parseItems (384 KiB): a
// file of many thousand lines should not leave that much memory waiting
// for the next.
const maxItemsKept = 16 << 10

// release gives p's items back to parseItems once the document is made.
func (p *parser) release() {
	if cap(p.items) <= maxItemsKept {
		*p.borrowed = p.items[:0]
		parseItems.Put(p.borrowed)
	}
	p.items, p.borrowed = nil, nil
}

// indexFrom returns the index of the first c in data at or after from, or
// len(data) when there is none.
func indexFrom(data []byte, from int, c byte) int {
	if i := bytes.IndexByte(data[from:], c); i >= 0 {
		return from + i
	}
	return len(data)
}

// isSpace reports whether c is whitespace as RFC 9309 §2.2 defines it: a
// space or a tab. (Google's parser also trims \v and \f; the RFC's grammar
// makes them octets of the value.)
func isSpace(c byte) bool { return c == ' ' || c == '\t' }

// trim narrows data[from:to] to exclude whitespace at both ends.
func (p *parser) trim(from, to int) span {
	for from < to && isSpace(p.data[from]) {
		from++
	}
	for to > from && isSpace(p.data[to-1]) {
		to--
	}
	return span{int32(from), int32(to)}
}

func (p *parser) bytes(s span) []byte { return p.data[s.from:s.to] }

// The keys the protocol defines. keyOther is any other record.
const (
	keyOther = iota
	keyUserAgent
	keyAllow
	keyDisallow
	keySitemap
	keyCrawlDelay
	keyContentSignal
)

// keySpellings are the record keys Parse reads, lower-cased: the keys
// themselves and the misspellings Google's parser accepts, and no others
// ("useragent" and "user agent" for user-agent; "dissallow", "dissalow",
// "disalow", "diasllow" and "disallaw" for disallow).
var keySpellings = [...]struct {
	key  string
	kind int
}{
	{"user-agent", keyUserAgent}, {"useragent", keyUserAgent}, {"user agent", keyUserAgent},
	{"allow", keyAllow},
	{"disallow", keyDisallow}, {"dissallow", keyDisallow}, {"dissalow", keyDisallow},
	{"disalow", keyDisallow}, {"diasllow", keyDisallow}, {"disallaw", keyDisallow},
	{"sitemap", keySitemap},
	{"crawl-delay", keyCrawlDelay},
	{"content-signal", keyContentSignal},
}

// A keyWords is a key spelling as keyKind compares it: the two words ends
// reads from it, and for each the bits keyKind sets in a key's word before
// comparing it. They are 0x20 in each octet that holds a letter, which
// lower-cases an upper-case letter and leaves no octet but the letter's
// two cases equal to it; other octets must be equal as they are.
type keyWords struct {
	head, tail         uint64
	headFold, tailFold uint64
	kind               int
}

// keysByLen holds keySpellings by length.
var keysByLen = func() (t [len("content-signal") + 1][]keyWords) {
	for _, s := range keySpellings {
		key, fold := []byte(s.key), make([]byte, len(s.key))
		for i, c := range key {
			if 'a' <= c && c <= 'z' {
				fold[i] = 0x20
			}
		}
		head, tail := ends(key)
		headFold, tailFold := ends(fold)
		t[len(key)] = append(t[len(key)], keyWords{head, tail, headFold, tailFold, s.kind})
	}
	return t
}()

// ends returns the first and the last eight octets of s as words (one
// load each), which overlap when s is shorter than 16; for s of 5 to 8
// octets, its first and last four. s has at least 5 octets.
func ends(s []byte) (head, tail uint64) {
	if n := len(s); n > 8 {
		return le64u(s), le64u(s[n-8:])
	}
	return uint64(binary.LittleEndian.Uint32(s)), uint64(binary.LittleEndian.Uint32(s[len(s)-4:]))
}

// keyKind classifies a record key, case-insensitively, as one of
// keySpellings or keyOther. It runs on every line Parse reads, so it
// compares two words a spelling rather than octet by octet.
func keyKind(key []byte) int {
	if len(key) < 5 || len(key) >= len(keysByLen) {
		return keyOther
	}
	head, tail := ends(key)
	for _, k := range keysByLen[len(key)] {
		if head|k.headFold == k.head && tail|k.tailFold == k.tail {
			return k.kind
		}
	}
	return keyOther
}

// line reads the line data[from:to] (without its line end), line num.
func (p *parser) line(from, to int, num int32) {
	if i := bytes.IndexByte(p.data[from:to], '#'); i >= 0 {
		to = from + i
	}
	ln := p.trim(from, to)
	if ln.from == ln.to {
		return
	}
	from, to = int(ln.from), int(ln.to)
	var key, value span
	kind := -1
	if i := bytes.IndexByte(p.data[from:to], ':'); i >= 0 {
		key, value = p.trim(from, from+i), p.trim(from+i+1, to)
		if kind = keyKind(p.bytes(key)); kind == keyOther && !isToken(p.bytes(key)) {
			kind = -1 // no key before the colon: it may be in the value
		}
	}
	colon := kind >= 0
	if !colon {
		// Google's parser accepts a forgotten colon, but only between exactly
		// two words, so that prose is not read as records. SPEC §1 goes
		// further than Google, which splits at the first colon wherever it
		// is: the value may hold one ("Sitemap https://example.com/s.xml",
		// "Disallow /a:b").
		i := from
		for i < to && !isSpace(p.data[i]) {
			i++
		}
		if i == to {
			if p.lint {
				p.notRecord(num, from, to)
			}
			return
		}
		key, value = p.trim(from, i), p.trim(i, to)
		if slices.ContainsFunc(p.bytes(value), isSpace) {
			if p.lint {
				p.notRecord(num, from, to)
			}
			return
		}
		kind = keyKind(p.bytes(key))
	}
	if p.lint {
		p.lintKey(num, kind, p.bytes(key), p.bytes(value), colon)
	}
	switch kind {
	case keyUserAgent:
		newGroup := !p.inUserAgents
		if newGroup {
			p.groups++
			p.inUserAgents = true
		}
		if p.lint {
			p.lintUserAgent(num, p.bytes(value), newGroup)
		}
		p.add(item{kind: keyUserAgent, newGroup: newGroup, value: value})
	case keyAllow, keyDisallow:
		if p.groups == 0 {
			p.warn(num, warnRuleFirst)
			return // RFC 9309 §2.1: rules belong to a group; these precede any
		}
		if p.inUserAgents {
			p.ruleGroups++ // the group's first rule: only rules end its user-agent lines
		}
		p.inUserAgents = false
		p.add(item{kind: uint8(kind), line: num, value: value})
	case keySitemap:
		if value.to == value.from {
			p.warn(num, warnEmptySitemap)
			return
		}
		p.add(item{kind: keySitemap, value: value})
	case keyCrawlDelay:
		// A Crawl-delay before the first group applies to no agent. The
		// item is appended, not added: add counts the octets robots
		// copies out, and this one's (a Content-Signal's too, below) are
		// read into its group instead.
		if p.groups == 0 {
			p.warn(num, warnDelayFirst)
			return
		}
		p.items = append(p.items, item{kind: keyCrawlDelay, value: value})
	case keyContentSignal:
		if p.groups == 0 {
			p.signals = addContentSignals(p.signals, p.bytes(value))
		} else {
			p.items = append(p.items, item{kind: keyContentSignal, value: value})
		}
	default:
		if !isToken(p.bytes(key)) {
			if p.lint {
				p.notRecord(num, from, to)
			}
			return
		}
		p.add(item{kind: keyOther, name: key, value: value})
	}
}

func (p *parser) add(it item) {
	p.items = append(p.items, it)
	p.counts[it.kind]++
	p.valueBytes += int(it.name.to - it.name.from + it.value.to - it.value.from)
}

// What Lint says of lines Parse ignores whole. (A line that is no record,
// or whose value does not parse, draws a warning that ends in
// warnNotRecord or warnIgnored.)
const (
	warnNotRecord    = ": not a record, ignored"
	warnIgnored      = ": ignored"
	warnRuleFirst    = "rule before the first User-agent line: it applies to no agent, ignored (RFC 9309 §2.1)"
	warnDelayFirst   = "Crawl-delay before the first User-agent line: it applies to no agent, ignored"
	warnEmptySitemap = "Sitemap without a URL: ignored"
)

// warn adds a warning for line num, when linting.
func (p *parser) warn(num int32, msg string) {
	if p.lint {
		p.warnings = append(p.warnings, Warning{Line: int(num), Msg: msg})
	}
}

// notRecord warns that line num, data[from:to] with its comment and the
// whitespace around it left out, is no record, and says why.
func (p *parser) notRecord(num int32, from, to int) {
	line := p.data[from:to]
	key := line
	if before, _, ok := bytes.Cut(line, []byte{':'}); ok {
		if key = bytes.Trim(before, " \t"); len(key) == 0 {
			p.warn(num, "no key before the colon"+warnNotRecord)
			return
		}
	} else {
		words := 0
		for i := range line {
			if !isSpace(line[i]) && (i == 0 || isSpace(line[i-1])) {
				words++
			}
		}
		switch {
		case words == 1:
			p.warn(num, "one word without a colon"+warnNotRecord)
			return
		case words > 2:
			p.warn(num, "more than two words without a colon"+warnNotRecord)
			return
		}
		key = line[:bytes.IndexAny(line, " \t")]
	}
	p.warn(num, fmt.Sprintf("key %s is not a token (letters, digits, '-', '_' and '.')", quoted(key))+warnNotRecord)
}

// keyNames spells the keys the protocol defines as Lint names them.
var keyNames = [...]string{
	keyUserAgent:     "User-agent",
	keyAllow:         "Allow",
	keyDisallow:      "Disallow",
	keySitemap:       "Sitemap",
	keyCrawlDelay:    "Crawl-delay",
	keyContentSignal: "Content-Signal",
}

// lintKey warns of what line num, read as key, value and of the given kind,
// holds that Parse reads otherwise than it looks, or only as Google's
// parser does: colon says whether the key was followed by one. Lines that
// Parse ignores whole are left to line.
func (p *parser) lintKey(num int32, kind int, key, value []byte, colon bool) {
	if kind == keyOther && !isToken(key) {
		return // not a record
	}
	if !colon {
		p.warn(num, fmt.Sprintf("no colon: read as the key %s and the value %s, as Google's parser reads two words; other parsers may ignore the line", quoted(key), quoted(value)))
	}
	if kind == keyOther {
		switch name := nearKey(key); {
		case name != "":
			p.warn(num, fmt.Sprintf("%s is no key Parse reads (%s?): kept as a record, which no query reads", quoted(key), name))
		case equalLower(key, "noindex"):
			// Google's documented behaviour: it stopped reading noindex
			// in robots.txt on 1 September 2019.
			p.warn(num, fmt.Sprintf("%s is no robots.txt rule: kept as a record, which no query reads, and Google has ignored it since 2019; to keep a page out of search results, send noindex in an X-Robots-Tag header or a robots meta tag", quoted(key)))
		}
		return
	}
	if !bytes.EqualFold(key, []byte(keyNames[kind])) { // ASCII: keyKind knew it
		p.warn(num, fmt.Sprintf("%s read as %s, a misspelling Google's parser accepts; other parsers may ignore the line", quoted(key), keyNames[kind]))
	}
	switch kind {
	case keyAllow, keyDisallow:
		if p.groups > 0 && len(value) > 0 && !canMatch(value) {
			p.warn(num, fmt.Sprintf("%s pattern %s starts with neither '/' nor '*': it matches no path", keyNames[kind], quoted(value)))
		}
	case keyCrawlDelay:
		if _, ok := parseCrawlDelay(value); p.groups > 0 && !ok {
			p.warn(num, fmt.Sprintf("Crawl-delay %s is not a number of seconds (\"10\", \"0.5\")", quoted(value))+warnIgnored)
		}
	case keySitemap:
		if len(value) > 0 && !isAbsoluteURL(string(value)) {
			p.warn(num, fmt.Sprintf("Sitemap %s is not an absolute URL: the Sitemaps protocol asks for one, and crawlers may ignore it", quoted(value)))
		}
	case keyContentSignal:
		p.lintSignals(num, value)
	}
}

// isAbsoluteURL reports whether v starts as an absolute URL with an
// authority does (RFC 3986 §3): a scheme, "://" and an authority that is not
// empty.
func isAbsoluteURL(v string) bool {
	scheme, ok := hrefScheme(v)
	rest := strings.TrimPrefix(v[len(scheme):], "://")
	return ok && len(rest) < len(v)-len(scheme) && rest != "" && rest[0] != '/' && rest[0] != '?' && rest[0] != '#'
}

// lintSignals warns of the members of Content-Signal line num, value, that
// Parse ignores: of the line, when none is read, and else in one warning
// that quotes the first few, since a line of many short ones would
// otherwise draw warnings many times its length.
func (p *parser) lintSignals(num int32, value []byte) {
	const most = 3
	var bad []string
	n, good := 0, 0
	for member := range bytes.SplitSeq(value, []byte{','}) {
		if _, _, ok := signalMember(member); ok {
			good++
		} else if member = bytes.Trim(member, " \t"); len(member) > 0 {
			if n < most {
				bad = append(bad, quoted(member))
			}
			n++
		}
	}
	switch {
	case good == 0 && len(value) == 0:
		p.warn(num, "Content-Signal without a value"+warnIgnored)
	case good == 0:
		p.warn(num, fmt.Sprintf("Content-Signal %s holds no key=yes or key=no member", quoted(value))+warnIgnored)
	case n == 1:
		p.warn(num, fmt.Sprintf("Content-Signal member %s is not key=yes or key=no: ignored, the rest of the line kept", bad[0]))
	case n > most:
		bad = append(bad, fmt.Sprintf("%d more", n-most))
		fallthrough
	case n > 1:
		p.warn(num, fmt.Sprintf("Content-Signal members %s and %s are not key=yes or key=no: ignored, the rest of the line kept", strings.Join(bad[:len(bad)-1], ", "), bad[len(bad)-1]))
	}
}

// lintUserAgent warns of a user-agent line, num, whose value ua names
// another agent than it may seem to, or that joins a group it may seem to
// be apart from; newGroup says whether it opens one.
func (p *parser) lintUserAgent(num int32, ua []byte, newGroup bool) {
	if newGroup {
		p.groupLine = num
	} else if num != p.uaLine+1 {
		p.warn(num, fmt.Sprintf("User-agent joins the group line %d opened: only an Allow or Disallow line ends a group's User-agent lines (RFC 9309 §2.1)", p.groupLine))
	}
	p.uaLine = num
	n := productTokenLen(ua)
	switch rest := ua[n:]; {
	case isWildcard(string(ua)):
		if len(ua) > 1 {
			p.warn(num, fmt.Sprintf("User-agent %s is read as \"*\", every agent no group names", quoted(ua)))
		}
	case n == 0:
		p.warn(num, fmt.Sprintf("User-agent %s names no agent: a product token starts with a letter, '_' or '-'", quoted(ua)))
	case len(rest) > 0 && !isVersion(rest):
		p.warn(num, fmt.Sprintf("User-agent %s names the product token %q only (RFC 9309 §2.2.1)", quoted(ua), ProductToken(string(ua[:n]))))
	}
}

// isVersion reports whether s, what follows a user agent's product token,
// is a version such as "/2.1", which the token naming no more than itself
// is no surprise after.
func isVersion(s []byte) bool {
	return len(s) > 0 && s[0] == '/' && isToken(s[1:])
}

// groupWarnings returns a warning for the last group of r, as p parsed it,
// when it has no rule: the agents no other group names may then fetch
// everything. (Only the last can have none: a User-agent line after
// another joins its group unless a rule came between.) It can tell only
// once every line is read.
func (p *parser) groupWarnings(r *Robots) []Warning {
	if p.groups == 0 || !p.inUserAgents || len(r.Groups) == 0 {
		return nil
	}
	last := r.Groups[len(r.Groups)-1]
	named := make(map[string]bool) // by the other groups
	otherStar, starRules := false, false
	for _, g := range r.Groups[:len(r.Groups)-1] {
		for _, ua := range g.UserAgents {
			if isWildcard(ua) {
				otherStar, starRules = true, starRules || len(g.Rules) > 0
			} else {
				named[ProductToken(ua)] = true
			}
		}
	}
	star, anyToken := false, false
	var alone []string // the tokens no other group names
	for _, ua := range last.UserAgents {
		if isWildcard(ua) {
			star = true
		} else if t := ProductToken(ua); t != "" {
			anyToken = true
			if !named[t] {
				named[t] = true // listed once
				alone = append(alone, t)
			}
		}
	}
	var msg string
	switch {
	case !star && !anyToken:
		msg = "its User-agent lines name no agent, so it applies to none"
	case star && !otherStar && len(alone) > 0:
		msg = agentsNamed(alone) + ", and every agent no other group names, may fetch everything"
	case star && !otherStar:
		msg = "every agent no other group names may fetch everything"
	case len(alone) > 0:
		msg = agentsNamed(alone) + " may fetch everything"
		if starRules {
			msg += `, as a group that names an agent takes it out of the "*" group's rules`
		}
	default:
		msg = "it adds no rule to the other groups its agents are in (RFC 9309 §2.2.1 merges them)"
	}
	return []Warning{{Line: int(p.groupLine), Msg: "User-agent group has no Allow or Disallow line: " + msg}}
}

// deadRuleWork bounds the work Lint spends finding rules that decide no
// query (see neverDecide), in units of about an octet compared: some
// tens of milliseconds.
const deadRuleWork = 1 << 24

// deadRuleWarnings returns a warning for each rule of r, as Parse made it,
// that decides no query, since another outranks it wherever it matches (see
// deadRules), and for the agents whose rules it could not compare in full.
func deadRuleWarnings(r *Robots) []Warning {
	dead, partial, skipped := deadRules(r, deadRuleWork)
	if len(dead)+len(partial)+len(skipped) == 0 {
		return nil
	}
	lines, _ := ruleLines(r)
	var found []Warning
	for _, d := range dead {
		rule, by := r.Groups[d.group].Rules[d.rule], r.Groups[d.by].Rules[d.byRule]
		line, byLine := lines[d.group][d.rule], lines[d.by][d.byRule]
		msg := strconv.Quote(ruleText(rule)) + warnNeverDecides
		where := ""
		if d.by != d.group {
			where = fmt.Sprintf(", in another %s (RFC 9309 §2.2.1 merges them),", sharedAgent(r.Groups[d.group], r.Groups[d.by]))
		}
		lits, a, _ := appendPattern(nil, rule.Pattern)
		byLits, b, _ := appendPattern(nil, d.byPattern)
		switch {
		case by == rule:
			msg += fmt.Sprintf("it repeats line %d%s", byLine, strings.TrimSuffix(where, ","))
		case d.byPattern == by.Pattern && a.length == b.length && a.anchored == b.anchored && bytes.Equal(lits, byLits):
			if by.Pattern == rule.Pattern {
				msg += fmt.Sprintf("line %d's %q%s has the same pattern, and an Allow wins a tie (RFC 9309 §2.2.2)", byLine, ruleText(by), where)
				break
			}
			if needsCanonical(rule.Pattern) || needsCanonical(by.Pattern) { // a '%' among them
				msg += fmt.Sprintf("line %d's %q%s is the same pattern once percent-encoding is normalised (RFC 9309 §2.2.2)", byLine, ruleText(by), where)
			} else {
				msg += fmt.Sprintf("line %d's %q%s matches the same paths and is as long (RFC 9309 §2.2.2)", byLine, ruleText(by), where)
			}
			if by.Allow != rule.Allow {
				msg += ", and an Allow wins a tie"
			} else {
				msg += ", and comes first"
			}
		default:
			msg += fmt.Sprintf("line %d's %q", byLine, ruleText(by))
			if d.byPattern != by.Pattern {
				msg += fmt.Sprintf(" (as %q, by Google's index.html rule)", ruleText(Rule{Allow: true, Pattern: d.byPattern}))
			}
			msg += where + " matches every path it does and "
			switch {
			case b.length > a.length:
				msg += "is longer"
			case by.Allow != rule.Allow:
				msg += "is as long, and an Allow wins a tie"
			default:
				msg += "is as long, and comes first"
			}
			// Lengths are counted in canonical octets (see appendPattern),
			// which the text as written may not show.
			if int(a.length) != len(rule.Pattern) || int(b.length) != len(d.byPattern) {
				msg += fmt.Sprintf(" once percent-encoding is normalised (%d octets against %d; RFC 9309 §2.2.2)", b.length, a.length)
			} else {
				msg += " (RFC 9309 §2.2.2)"
			}
		}
		found = append(found, Warning{Line: int(line), Msg: msg})
	}
	firstLine := func(set agentGroups) int {
		line := int32(0)
		for _, gi := range set.groups {
			if l := lines[gi]; len(l) > 0 && (line == 0 || l[0] < line) {
				line = l[0]
			}
		}
		return int(line)
	}
	for _, set := range partial {
		found = append(found, Warning{Line: firstLine(set), Msg: "too many rules of " + agentsNamed([]string{set.agent}) + warnPartial})
	}
	if len(skipped) > 0 {
		// One warning, at the first of their rules: the sets may be many.
		line, names := 0, make([]string, 0, len(skipped))
		for _, set := range skipped {
			if l := firstLine(set); l > 0 && (line == 0 || l < line) {
				line = l
			}
			names = append(names, set.agent)
		}
		found = append(found, Warning{Line: line, Msg: "Lint stopped comparing rules before those of " + agentsNamed(names) + warnSkipped})
	}
	return found
}

// agentsNamed names the agents of a Lint warning, by their product tokens
// ("*" for the "*" groups), in sorted order: `the agent "a"`, `the "*"
// groups`, `the agents "a" and "b"`, `the agents "a", "b" and "c"`, or
// `the agents "a", "b", "c" and 4 more`. It sorts names in place.
func agentsNamed(names []string) string {
	switch {
	case len(names) == 1 && names[0] == "*":
		return `the "*" groups`
	case len(names) == 1:
		return "the agent " + strconv.Quote(names[0])
	}
	slices.Sort(names)
	shown := names[:min(3, len(names))]
	var b strings.Builder
	b.WriteString("the agents ")
	for i, name := range shown {
		switch {
		case i == 0:
		case i == len(shown)-1 && len(names) == len(shown):
			b.WriteString(" and ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(name))
	}
	if len(names) > len(shown) {
		fmt.Fprintf(&b, " and %d more", len(names)-len(shown))
	}
	return b.String()
}

// sharedAgent names the groups g and h are for both, after "another":
// "group for the product token "x"", or ""*" group".
func sharedAgent(g, h Group) string {
	for _, ua := range g.UserAgents {
		for _, other := range h.UserAgents {
			switch {
			case isWildcard(ua) && isWildcard(other):
				return `"*" group`
			case !isWildcard(ua) && !isWildcard(other) && ProductToken(ua) != "" && ProductToken(ua) == ProductToken(other):
				return "group for the product token " + strconv.Quote(ProductToken(ua))
			}
		}
	}
	return "group for the same agent"
}

// warnNeverDecides follows the rule in Lint's warning of a rule that
// decides no query.
const warnNeverDecides = " never decides a query: "

// warnPartial and warnSkipped end Lint's warnings for the agents whose
// rules it compared in part, and for those whose rules it did not compare,
// at the first of them.
const (
	warnPartial = " share a prefix to compare them all: some that never decide a query may go unreported"
	warnSkipped = ", for its bound on the work: some of them that never decide a query may go unreported"
)

// mergeWarnings returns a and b, each in line order, merged in line order,
// a's first on a line.
func mergeWarnings(a, b []Warning) []Warning {
	out := make([]Warning, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if b[0].Line < a[0].Line {
			out, b = append(out, b[0]), b[1:]
		} else {
			out, a = append(out, a[0]), a[1:]
		}
	}
	return append(append(out, a...), b...)
}

// ruleText returns rule as a line of a file would give it.
func ruleText(rule Rule) string {
	if rule.Allow {
		return "Allow: " + rule.Pattern
	}
	return "Disallow: " + rule.Pattern
}

// nearKey returns the name of the key the protocol defines that key, a
// record's, is fewest edits from, and at most two ("Disallows", "Site-map",
// "User-agents"; one for keys under seven octets, "Alow"), or "" when there
// is none: most likely a typing mistake, which Parse keeps as a record that
// no query reads. An edit inserts, deletes or changes an octet, or swaps two
// adjacent ones; keys shorter than four octets are left alone.
func nearKey(key []byte) string {
	if len(key) < 4 {
		return ""
	}
	most := 2
	if len(key) < 7 {
		most = 1 // "Follow" is no Allow
	}
	near, best := "", most+1
	for _, name := range keyNames[keyUserAgent:] {
		if len(key) <= len(name)+most && len(key) >= len(name)-most {
			if d := editDistance(key, name); d < best {
				near, best = name, d
			}
		}
	}
	return near
}

// editDistance returns the optimal string alignment distance between a and
// b, ASCII case aside: the fewest insertions, deletions, changes and swaps
// of adjacent octets that turn one into the other, no octet edited twice.
// It takes time len(a) times len(b), which nearKey, its caller, bounds by
// length.
func editDistance(a []byte, b string) int {
	// rows[i%3][j] is the distance between a[:i] and b[:j].
	var rows [3][32]int
	if len(b) >= len(rows[0]) {
		return len(b)
	}
	for j := range len(b) + 1 {
		rows[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur, prev, prev2 := &rows[i%3], &rows[(i-1)%3], &rows[(i+1)%3]
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			ca, cb := lowerASCII(a[i-1]), lowerASCII(b[j-1])
			d := min(prev[j]+1, cur[j-1]+1, prev[j-1]+b2i(ca != cb))
			if i > 1 && j > 1 && ca == lowerASCII(b[j-2]) && lowerASCII(a[i-2]) == cb {
				d = min(d, prev2[j-2]+1)
			}
			cur[j] = d
		}
	}
	return rows[len(a)%3][len(b)]
}

// quoted quotes b for a warning, its first 64 octets only.
func quoted(b []byte) string {
	const most = 64
	if len(b) > most {
		return strconv.Quote(string(b[:most])) + "..."
	}
	return strconv.Quote(string(b))
}

// parseCrawlDelay reads a Crawl-delay value: decimal seconds with an optional
// fraction ("10", "0.5", ".5"). Anything else is not a delay. A value beyond
// what a time.Duration holds (about 292 years) is the longest Duration: a
// site asking for more than a crawler can wait is not asking for nothing.
// RFC 9309 does not define Crawl-delay; this is the reading of the crawlers
// that honour it.
func parseCrawlDelay(v []byte) (time.Duration, bool) {
	const maxSeconds = math.MaxInt64 / int64(time.Second)
	var secs, frac, scale int64 = 0, 0, int64(time.Second)
	digits, dot, tooLong := 0, false, false
	for _, c := range v {
		switch {
		case c == '.' && !dot:
			dot = true
		case '0' <= c && c <= '9':
			digits++
			if dot {
				if scale > 1 {
					scale /= 10
					frac += int64(c-'0') * scale
				}
				continue
			}
			if secs > maxSeconds/10 {
				tooLong = true
				continue
			}
			secs = secs*10 + int64(c-'0')
		default:
			return 0, false
		}
	}
	switch {
	case digits == 0:
		return 0, false
	case tooLong || secs > maxSeconds || secs == maxSeconds && frac > math.MaxInt64%int64(time.Second):
		return math.MaxInt64, true
	}
	return time.Duration(secs*int64(time.Second) + frac), true
}

// addContentSignals adds the key=yes|no pairs of a Content-Signal value to m,
// allocating m when the value holds a valid pair. Pairs whose key is not a
// token or whose value is neither yes nor no are ignored.
func addContentSignals(m map[string]bool, v []byte) map[string]bool {
	for len(v) > 0 {
		pair := v
		if i := bytes.IndexByte(v, ','); i >= 0 {
			pair, v = v[:i], v[i+1:]
		} else {
			v = nil
		}
		key, on, ok := signalMember(pair)
		if !ok {
			continue
		}
		if m == nil {
			m = make(map[string]bool)
		}
		m[strings.ToLower(string(key))] = on
	}
	return m
}

// signalMember reads one member of a Content-Signal value, "key=yes" or
// "key=no" with spaces and tabs around either part; ok is false for
// anything else.
func signalMember(pair []byte) (key []byte, on, ok bool) {
	key, val, ok := bytes.Cut(pair, []byte{'='})
	if !ok {
		return nil, false, false
	}
	key, val = bytes.Trim(key, " \t"), bytes.Trim(val, " \t")
	if !isToken(key) {
		return nil, false, false
	}
	switch {
	case equalLower(val, "yes"):
		return key, true, true
	case equalLower(val, "no"):
		return key, false, true
	}
	return nil, false, false
}

// robots builds the document from the items, every slice at its final size.
func (p *parser) robots() *Robots {
	var text strings.Builder
	text.Grow(p.valueBytes)
	// Values are copied in item order, record names lower-cased, so the
	// second loop below finds each at the running offset.
	for _, it := range p.items {
		switch it.kind {
		case keyCrawlDelay, keyContentSignal:
			continue // read into their group, not kept as text
		case keyOther:
			for _, c := range p.bytes(it.name) {
				text.WriteByte(lowerASCII(c))
			}
		}
		text.Write(p.bytes(it.value))
	}
	s := text.String()
	at := 0
	next := func(sp span) string {
		v := s[at : at+int(sp.to-sp.from)]
		at += len(v)
		return v
	}

	r := &Robots{ContentSignals: p.signals}
	if p.groups > 0 {
		r.Groups = make([]Group, p.groups)
	}
	userAgents := make([]string, 0, p.counts[keyUserAgent])
	// Slices stay nil when they would be empty, as in a zero Robots, so
	// that reflect.DeepEqual(Parse(nil), &Robots{}) holds.
	var rules []Rule
	var lines []int32
	if n := p.counts[keyAllow] + p.counts[keyDisallow]; n > 0 {
		rules, lines = make([]Rule, 0, n), make([]int32, 0, n)
		r.parsed = make([]parsedRules, 0, p.ruleGroups)
	}
	if n := p.counts[keySitemap]; n > 0 {
		r.Sitemaps = make([]string, 0, n)
	}
	if n := p.counts[keyOther]; n > 0 {
		r.Records = make([]Record, 0, n)
	}
	group := -1
	var uaFrom, ruleFrom int
	closeGroup := func() {
		if group >= 0 {
			// Full slice expressions: appending to one group's slice must not
			// overwrite the next group's.
			g := &r.Groups[group]
			g.UserAgents = userAgents[uaFrom:len(userAgents):len(userAgents)]
			if len(rules) > ruleFrom {
				g.Rules = rules[ruleFrom:len(rules):len(rules)]
				r.parsed = append(r.parsed, parsedRules{at: ruleFrom, sum: rulesSum(g.Rules, s)})
			}
		}
	}
	for _, it := range p.items {
		switch it.kind {
		case keyUserAgent:
			if it.newGroup {
				closeGroup()
				group++
				uaFrom, ruleFrom = len(userAgents), len(rules)
			}
			ua := next(it.value)
			if isWildcard(ua) {
				ua = "*" // Group.UserAgents spells the wildcard "*"
			}
			userAgents = append(userAgents, ua)
		case keyAllow, keyDisallow:
			rules = append(rules, Rule{Allow: it.kind == keyAllow, Pattern: next(it.value)})
			lines = append(lines, it.line)
		case keySitemap:
			r.Sitemaps = append(r.Sitemaps, next(it.value))
		case keyOther:
			name := next(it.name)
			r.Records = append(r.Records, Record{Name: name, Value: next(it.value)})
		case keyCrawlDelay:
			if d, ok := parseCrawlDelay(p.bytes(it.value)); ok {
				g := &r.Groups[group]
				g.CrawlDelay = max(g.CrawlDelay, d)
			}
		case keyContentSignal:
			g := &r.Groups[group]
			g.ContentSignals = addContentSignals(g.ContentSignals, p.bytes(it.value))
		}
	}
	closeGroup()
	r.ruleLines, r.ruleStore, r.text = lines, rules, s
	return r
}

// MarshalText writes r as robots.txt text: Content-Signal lines that apply to
// every agent first when there are any, then the groups, then the sitemaps,
// then the other records, with LF line ends and a blank line between groups
// and sections (near DefaultMaxBytes, less: see below). An empty document
// writes nothing. Parse(MarshalText(r)) decides every query exactly as r does
// and has equal Groups, Sitemaps and Records, with four normalisations:
// record names and Content-Signal keys are written lower-cased, an empty
// ContentSignals map writes nothing and so reads back nil, a user agent that
// starts with '*' ("*foo", which Parse reads as the wildcard) is written "*",
// and a group with no rules that is not the last one gets an empty
// "Disallow:" line (which matches nothing), since without a rule the next
// group's user-agent lines would join it: that group reads back with one
// rule, Rule{} (an empty Disallow), where it had none. That holds for a
// Robots whose fields have not changed since its first query: r answers from
// its fields as they were then (see Robots), while MarshalText writes them as
// they are.
//
// It writes the model, not the file Parse read: comments, blank lines, the
// byte order mark and CRLF line ends are gone, and a record or Sitemap that
// stood inside a group is written after the groups, as Records and Sitemaps
// belong to no group. A group Parse joined across a Crawl-delay between its
// user-agent lines (see Parse) is written as one, so that parsers that split
// a group there, as older versions of Google's did, read it as one too. To
// change a file and keep the rest of it as it was, edit its text:
// Decision.Line and RuleLines name the lines of the rules. Mind the three
// ways text joins what it did not: a line added before a byte order mark
// moves the mark into the text (only one at the start is skipped), a line
// appended to a file whose last line has no line end joins that line, and a
// group appended after a last group with no rules joins it (its user-agent
// lines follow the other's with no rule between).
//
// The text holds the document's octets as they were, in whatever charset:
// encoding/json, which calls MarshalText for a *Robots, replaces octets
// that are not UTF-8 (and with them rules written in another charset), so
// check utf8.Valid before storing the text in a JSON string. Outcome's
// MarshalJSON does, and writes such text in base64.
//
// Text that would run past DefaultMaxBytes, where Parse stops, is written
// without the optional space after each colon and comma ("Disallow:/a") and
// without the blank line between groups (the sections keep theirs). If that
// is still too long, and the shortest forms Parse reads bring it within the
// limit, those are written instead: the misspellings Google accepts for the
// two commonest keys ("useragent:*", "disalow:/a"), a Crawl-delay as ".5"
// or, too long for a Duration, as "9223372037", no blank lines at all and no
// line end after the last line. What that writes for a line Parse read is no
// longer than the line, and for lines Parse merged (the Content-Signal lines
// of a group) no longer than those together: so every document Parse read
// with the default limit is written within the limit and reads back the same
// (the round trip wins over the blank lines there). A file meant for other
// parsers, which may not know the misspellings, should stay well under the
// limit. A document built by hand, or read with a larger limit, that does
// not fit even so is written in the tight form, of any length: UnmarshalText
// and ParseLimit read it whole, up to math.MaxInt32 octets (2 GiB less one),
// past which ParseLimit's limit cannot go.
//
// MarshalText returns an error, naming the value, when a value cannot be
// written so that it reads back the same: a line break or '#' in any value,
// whitespace at either end of one, a group without user agents, an empty
// sitemap, a record name that is not a token or is a key the protocol
// defines, a negative Crawl-delay, or a Content-Signal key that is not a
// token, that differs from another of its line only in case, or that
// differs only in case from one of another line that holds the other value
// ("Search" yes, "search" no: a query of r tells them apart, the text
// cannot).
func (r *Robots) MarshalText() ([]byte, error) {
	w := write(r)
	if w.err != nil {
		return nil, w.err
	}
	return w.buf, nil
}

// UnmarshalText replaces the contents of r with what Parse reads from data,
// all of it up to math.MaxInt32 octets, as ParseLimit reads it: it reads back
// what MarshalText wrote, which may be longer than DefaultMaxBytes when the
// document came from a larger limit. Apply Parse or ParseLimit to text from
// elsewhere. Decision.Line then counts lines of data, not of the file
// MarshalText wrote it from (an Outcome's JSON keeps those). UnmarshalText
// never fails, but for a nil r, which has nowhere to put the document: that
// is an error, not a panic. It must not run concurrently with any other use
// of r: queries, MarshalText, String, RuleLines.
func (r *Robots) UnmarshalText(data []byte) error {
	if r == nil {
		return errNilRobots
	}
	parsed := ParseLimit(data, len(data)+1)
	r.Groups, r.Sitemaps, r.Records = parsed.Groups, parsed.Sitemaps, parsed.Records
	r.ContentSignals = parsed.ContentSignals
	r.ruleLines, r.ruleStore, r.parsed, r.text = parsed.ruleLines, parsed.ruleStore, parsed.parsed, parsed.text
	r.agents.Store(nil)
	r.views.reset()
	return nil
}

// errNilRobots is UnmarshalText's error for a nil *Robots.
var errNilRobots = errors.New("robots: UnmarshalText into a nil *Robots")

// String returns the text MarshalText writes; values MarshalText would
// refuse are written as given where a line can hold them (a value with a
// line break or '#' as it is), but a negative Crawl-delay is left out, and
// Content-Signal keys are written lower-cased, as Parse reads them (so
// "Search" yes and "search" no give "search=yes, search=no").
func (r *Robots) String() string {
	return string(write(r).buf)
}

// writesEmptyRule reports whether MarshalText writes an empty "Disallow:"
// for groups[i]: a group with no rules that is not the last, whose
// user-agent lines would otherwise join the next group's.
func writesEmptyRule(groups []Group, i int) bool {
	return len(groups[i].Rules) == 0 && i < len(groups)-1
}

// write writes r as MarshalText describes, tightly when the usual form is
// longer than Parse reads.
func write(r *Robots) *writer {
	signals := sortSignals(r) // once, not once a pass
	w := &writer{signals: signals}
	w.robots(r)
	if len(w.buf) > DefaultMaxBytes {
		w = &writer{tight: true, signals: signals}
		w.robots(r)
	}
	if len(w.buf) > DefaultMaxBytes {
		short := &writer{tight: true, shortest: true, signals: signals}
		short.robots(r)
		if len(short.buf) <= DefaultMaxBytes {
			return short
		}
	}
	return w
}

type writer struct {
	buf      []byte
	err      error      // the first value that cannot be written
	tight    bool       // no space after a colon or a comma, no blank line between groups
	shortest bool       // tight, and the shortest spellings, no blank line, no last line end
	signals  [][]signal // Content-Signal pairs in the order written: the document's, then each group's
}

func (w *writer) robots(r *Robots) {
	if r == nil {
		return
	}
	if len(r.ContentSignals) > 0 {
		w.signalLine(w.signals[0])
	}
	for i := range r.Groups {
		g := &r.Groups[i]
		if i == 0 || !w.tight {
			w.section() // a group's user-agent lines after a rule open it anyway
		}
		if len(g.UserAgents) == 0 {
			w.fail(fmt.Errorf("robots: group %d has no user agent", i))
		}
		for _, ua := range g.UserAgents {
			key := w.spelling("User-agent", "useragent")
			w.check(key, ua)
			if isWildcard(ua) {
				ua = "*" // as Parse reads "*foo", and as every parser reads "*"
			}
			w.put(key, ua)
		}
		if len(g.ContentSignals) > 0 {
			w.signalLine(w.signals[i+1])
		}
		switch {
		case g.CrawlDelay > 0:
			w.line("Crawl-delay", w.seconds(g.CrawlDelay))
		case g.CrawlDelay < 0:
			w.fail(fmt.Errorf("robots: group %d: negative Crawl-delay %v", i, g.CrawlDelay))
		}
		for _, rule := range g.Rules {
			if rule.Allow {
				w.line("Allow", rule.Pattern)
			} else {
				w.line(w.spelling("Disallow", "disalow"), rule.Pattern)
			}
		}
		if writesEmptyRule(r.Groups, i) {
			w.line(w.spelling("Disallow", "disalow"), "")
		}
	}
	if len(r.Sitemaps) > 0 {
		w.section()
		for _, s := range r.Sitemaps {
			if s == "" {
				w.fail(errors.New("robots: empty sitemap"))
			}
			w.line("Sitemap", s)
		}
	}
	if len(r.Records) > 0 {
		w.section()
		for _, rec := range r.Records {
			if !isToken(rec.Name) || keyKind([]byte(rec.Name)) != keyOther {
				w.fail(fmt.Errorf("robots: record name %q is not a token or is a key robots.txt defines", rec.Name))
			}
			w.line(strings.ToLower(rec.Name), rec.Value)
		}
	}
	if w.shortest && len(w.buf) > 0 {
		w.buf = w.buf[:len(w.buf)-1] // Parse reads a last line without its line end
	}
}

// section starts a new section or group with a blank line.
func (w *writer) section() {
	if len(w.buf) > 0 && !w.shortest {
		w.buf = append(w.buf, '\n')
	}
}

// spelling returns key, or short, its shortest spelling that Parse reads
// (one of Google's accepted misspellings), when w writes the shortest forms.
func (w *writer) spelling(key, short string) string {
	if w.shortest {
		return short
	}
	return key
}

// seconds writes a Crawl-delay, in the shortest form that Parse reads back
// as d when w writes the shortest forms: that is never longer than any
// value Parse reads as d.
func (w *writer) seconds(d time.Duration) string {
	s := formatSeconds(d)
	switch {
	case !w.shortest:
		return s
	case d == math.MaxInt64:
		// Ten digits, the fewest of any value that long: Parse caps it.
		return strconv.FormatInt(math.MaxInt64/int64(time.Second)+1, 10)
	case strings.HasPrefix(s, "0."):
		return s[1:]
	}
	return s
}

func (w *writer) fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

func (w *writer) line(key, value string) {
	w.check(key, value)
	w.put(key, value)
}

// check fails w when value would not read back as itself.
func (w *writer) check(key, value string) {
	if strings.ContainsAny(value, "\r\n#") || strings.Trim(value, " \t") != value {
		w.fail(fmt.Errorf("robots: %s value %q cannot be written: it has a line break, a '#' or whitespace at an end", key, value))
	}
}

// put writes the line key: value.
func (w *writer) put(key, value string) {
	w.buf = append(w.buf, key...)
	w.buf = append(w.buf, ':')
	if value != "" {
		if !w.tight {
			w.buf = append(w.buf, ' ')
		}
		w.buf = append(w.buf, value...)
	}
	w.buf = append(w.buf, '\n')
}

// signalRank orders the Content-Signal keys sortSignals puts first;
// lower is a key lower-cased.
func signalRank(lower string) int {
	switch lower {
	case "search":
		return 0
	case "ai-input":
		return 1
	case "ai-train":
		return 2
	}
	return 3
}

// A signal is a Content-Signal pair as the writer sees it.
type signal struct {
	rank       int    // signalRank(lower)
	lower, key string // the key lower-cased, as written, and as in the map
	on         bool
	clash      string // another spelling of key, on a line written earlier, with the other value; "" for none (see markClashes)
}

// sortSignals returns the Content-Signal pairs of r in the order the writer
// writes them, r's own first, then each group's: the keys contentsignals.org
// defines first, in its order (search, ai-input, ai-train), then any others
// sorted, so that the output is stable and reads as published examples do.
// Each key is lower-cased once, not in every comparison of the sort, and
// each map sorted once, not once for each pass of write: a document built
// with many keys spent most of its time there.
func sortSignals(r *Robots) [][]signal {
	if r == nil {
		return nil
	}
	sorted := make([][]signal, 1+len(r.Groups))
	for i := range sorted {
		m := r.ContentSignals
		if i > 0 {
			m = r.Groups[i-1].ContentSignals
		}
		pairs := make([]signal, 0, len(m))
		for k, on := range m {
			lower := strings.ToLower(k)
			pairs = append(pairs, signal{rank: signalRank(lower), lower: lower, key: k, on: on})
		}
		slices.SortFunc(pairs, func(x, y signal) int {
			return cmp.Or(cmp.Compare(x.rank, y.rank), strings.Compare(x.lower, y.lower), strings.Compare(x.key, y.key))
		})
		sorted[i] = pairs
	}
	markClashes(sorted)
	return sorted
}

// markClashes marks the Content-Signal pairs of each key that lines spell in
// two cases with two values ("Search=yes" before the first group, "search=no"
// in one): each pair that an earlier line spells otherwise with the other
// value. The writer fails at the first it meets. The text holds both
// spellings lower-cased, so it reads back one key where a query of r finds
// two (ContentSignalsFor merges lines by key), one of each value, which no
// reading of the lower-cased text can keep. Spellings of one value read back
// as r's answers lower-cased. All pairs are sorted by key together, in one
// allocation: a map of them took hundreds of allocations for tens of
// thousands of keys (TestMarshalTextSignalsSortedOnce).
func markClashes(sorted [][]signal) {
	type place struct{ line, i int32 }
	n := 0
	for _, pairs := range sorted {
		n += len(pairs)
	}
	if n < 2 {
		return
	}
	all := make([]place, 0, n)
	for line, pairs := range sorted {
		for i := range pairs {
			all = append(all, place{int32(line), int32(i)})
		}
	}
	at := func(p place) *signal { return &sorted[p.line][p.i] }
	slices.SortFunc(all, func(x, y place) int {
		return cmp.Or(strings.Compare(at(x).lower, at(y).lower), cmp.Compare(x.line, y.line), cmp.Compare(x.i, y.i))
	})
	// In each run of one key, in the order written, a pair clashes with an
	// earlier one of the other value and another spelling, if any: one of
	// the first two spellings that value was met with.
	var spellings [2][2]string // of the run at hand, by value: its first two, "" for none
	for j, p := range all {
		s := at(p)
		if j == 0 || s.lower != at(all[j-1]).lower {
			spellings = [2][2]string{}
		}
		for _, e := range spellings[b2i(!s.on)] {
			if e != "" && e != s.key {
				s.clash = e
				break
			}
		}
		switch seen := &spellings[b2i(s.on)]; {
		case seen[0] == "":
			seen[0] = s.key
		case seen[1] == "" && seen[0] != s.key:
			seen[1] = s.key
		}
	}
}

// signalLine writes a Content-Signal line of pairs, sorted by sortSignals.
func (w *writer) signalLine(pairs []signal) {
	var b strings.Builder
	for i, p := range pairs {
		if !isToken(p.key) {
			w.fail(fmt.Errorf("robots: Content-Signal key %q is not a token", p.key))
		}
		if i > 0 && pairs[i-1].lower == p.lower {
			// Both would be written lower-cased, and read back as one.
			w.fail(fmt.Errorf("robots: Content-Signal keys %q and %q differ only in case", pairs[i-1].key, p.key))
		}
		if p.clash != "" {
			w.fail(fmt.Errorf("robots: Content-Signal keys %q and %q, of two lines, differ only in case and hold different values", p.clash, p.key))
		}
		if i > 0 {
			b.WriteByte(',')
			if !w.tight {
				b.WriteByte(' ')
			}
		}
		b.WriteString(p.lower)
		if p.on {
			b.WriteString("=yes")
		} else {
			b.WriteString("=no")
		}
	}
	w.line("Content-Signal", b.String())
}

// formatSeconds writes d in decimal seconds with no more digits than needed,
// the form parseCrawlDelay reads back exactly.
func formatSeconds(d time.Duration) string {
	s := strconv.FormatInt(int64(d/time.Second), 10)
	frac := int64(d % time.Second)
	if frac == 0 {
		return s
	}
	f := strconv.FormatInt(frac+int64(time.Second), 10)[1:] // nine digits, leading zeros kept
	return s + "." + strings.TrimRight(f, "0")
}
