// Package robots keeps a crawler inside what publishers allow. It reads,
// evaluates and writes robots.txt (RFC 9309), retrieves it over HTTP with the
// decision the RFC assigns to every outcome, and merges the per-page robots
// directives of headers and HTML for one crawler.
//
// # robots.txt
//
// [Parse] reads any bytes as a document; [Robots.IsAllowed] answers for a user
// agent and a URL, [Robots.Explain] says which line decided, and
// [Robots.MarshalText] writes a document back:
//
//	r := robots.Parse(body)
//	if r.IsAllowed("ExampleBot/1.0", "https://example.com/private/report") { ... }
//	delay, ok := r.CrawlDelay("ExampleBot/1.0")
//
// Groups are chosen by the agent's [ProductToken], the longest matching pattern
// decides and Allow wins a tie; '*' and '$' work as RFC 9309 §2.2.3 says, and
// percent-encoding is normalised on both sides. [Robots.Agent] compiles the
// rules of one agent for hot loops; once an agent's first query has compiled
// them, its queries (IsAllowed, Explain, CrawlDelay) allocate nothing either
// way; ContentSignalsFor returns a map of the caller's own. [Lint] lists the
// lines of a file that Parse ignores, or reads otherwise than they look, for
// the site owner who wrote them.
//
// # Fetching
//
// A [Fetcher] retrieves an origin's robots.txt and turns every HTTP result
// into an [Outcome]: a 2xx is parsed, a 4xx other than 429 allows everything,
// and a 5xx, a 429 or a network failure refuses everything but /robots.txt.
// The outcome says how long it may be kept, and is plain data that survives
// encoding/json. A [Cache] does this per origin for a whole crawl, one
// retrieval at a time per origin, keyed by [Origin]:
//
//	cache := &robots.Cache{Fetcher: robots.Fetcher{UserAgent: agent}}
//	if cache.IsAllowed(ctx, agent, pageURL) { ... fetch the page ... }
//	delay, _ := cache.CrawlDelay(ctx, agent, pageURL)
//
// A crawler that fetches robots.txt through its own stack has [OutcomeOf]
// decide the response it got, by the same table.
//
// # Page directives
//
// A page can be fetched and still not be indexed or followed. [DirectivesFor]
// merges every X-Robots-Tag header line, the Robots-Tag structured field and
// the robots meta tags of the HTML head into the most restrictive set for one
// agent; [ExplainDirectives] also says which carrier set what. [Links] lists a
// page's links, marking those with rel nofollow, ugc or sponsored, and
// [IsHTML] says whether a response is a page to read them from:
//
//	d := robots.DirectivesFor(resp.Header, body, agent)
//	if !d.NoIndex { ... store the page ... }
//	if !d.NoFollow && robots.IsHTML(resp.Header, body) { for _, l := range robots.Links(body, resp.Request.URL) { ... } }
//
// [Directives.String] and [FormatRobotsTag] write directives back as header
// and meta tag values.
//
// Every parser here accepts any input: none panics, and each spends time and
// memory linear in what it is given. Some also cut what they read: Parse at
// [DefaultMaxBytes], a Robots-Tag field at [MaxRobotsTagBytes], each link of
// [Links] at [MaxLinkBytes], and [Fetcher] parses at most its MaxBytes of a
// body (reading one octet more, to know whether it cut the last line).
// X-Robots-Tag lines, meta tag content, [ParseDirectives],
// [Robots.UnmarshalText] and [Outcome.UnmarshalJSON] read what they are given
// whole (UnmarshalText up to math.MaxInt32 octets, as ParseLimit): bound it
// before, where it comes from a stranger. Everything is safe for concurrent
// use unless its documentation says otherwise.
package robots

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"math"
	"math/bits"
	"math/rand/v2"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// ProductToken returns the product token of a user agent: the lower-cased
// leading run of ASCII letters, '_' and '-' (RFC 9309 §2.2.1).
// "ExampleBot/1.0 (+https://example.com/bot)" gives "examplebot". A user
// agent that starts with anything else gives "" (" ExampleBot", with a space
// first, and "123bot" too), a digit ends the token ("UX2Bot/1.0" gives "ux",
// which a group for "UX2Bot" names too), and an agent whose token is ""
// follows the "*" groups only: no group can name it.
//
// So pass the crawler's own user agent, the one that starts with its name,
// wherever a user agent is asked for: a browser-style string such as
// "Mozilla/5.0 (compatible; ExampleBot/1.0)" gives "mozilla", which follows
// the "*" groups and no meta tag of its own. RFC 9309 §2.2.1 asks crawlers to
// match by their product token; this package does not search a string for a
// name inside it.
func ProductToken(userAgent string) string {
	return strings.ToLower(userAgent[:productTokenLen(userAgent)]) // ASCII only, so ASCII lower-casing
}

// productTokenLen returns the length of the leading run of [A-Za-z_-] in s.
func productTokenLen[T ~string | ~[]byte](s T) int {
	for i := 0; i < len(s); i++ {
		if tokenLower[s[i]] == 0 {
			return i
		}
	}
	return len(s)
}

// appendToken appends to dst the product token userAgent starts with,
// lower-cased: ProductToken without making a string.
func appendToken(dst []byte, userAgent string) []byte {
	for i := range productTokenLen(userAgent) {
		dst = append(dst, tokenLower[userAgent[i]])
	}
	return dst
}

// tokenLower maps each octet of a product token to its lower case, and every
// other octet to 0.
var tokenLower = func() (t [256]byte) {
	for c := range t {
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c == '-' {
			t[c] = lowerASCII(byte(c))
		}
	}
	return t
}()

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// equalLower reports whether s, ASCII-lower-cased, equals lower. Names in
// robots.txt, HTTP and HTML are ASCII case-insensitive; Unicode folding
// would wrongly match "ſ" with "s".
func equalLower[T ~string | ~[]byte](s T, lower string) bool {
	if len(s) != len(lower) {
		return false
	}
	for i := range len(s) {
		if lowerASCII(s[i]) != lower[i] {
			return false
		}
	}
	return true
}

// trimASCIISpace drops the ASCII whitespace HTTP and HTML allow around
// values (robots.txt's own whitespace is narrower: see isSpace).
func trimASCIISpace[T ~string | ~[]byte](s T) T {
	start, end := 0, len(s)
	for start < end && isASCIISpace(s[start]) {
		start++
	}
	for end > start && isASCIISpace(s[end-1]) {
		end--
	}
	return s[start:end]
}

// isToken reports whether b is a record key: [A-Za-z0-9_.-]+.
func isToken[T ~string | ~[]byte](b T) bool {
	for i := range len(b) {
		if c := b[i]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return len(b) > 0
}

// firstMember returns the first member of a comma-separated HTTP field
// value that is not empty (RFC 9110 §5.6.1), or when there is none what
// follows the last comma, perhaps blank: callers trim it. A comma in a
// quoted string (a parameter's value) separates nothing.
func firstMember(s string) string {
	start, quoted := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case c == ',' && !quoted:
			if trimASCIISpace(s[start:i]) != "" {
				return s[start:i]
			}
			start = i + 1
		}
	}
	return s[start:]
}

func isASCIISpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// ErrNoOrigin is returned, wrapped, by RobotsURL for text that is not an
// absolute URL with a host, such as "/page", "mailto:a@example.com" or
// "file:///etc/hosts", or whose port is past 65535 or host cannot be one
// ("ftp://::1/", "http://a<b/"), and by Origin and Cache.Outcome for any
// URL that is not an http or https URL with a host, or has such a port or
// host (Cache.Explain then gives ReasonInvalidURL).
var ErrNoOrigin = errors.New("URL has no origin")

// RobotsURL returns the robots.txt URL of rawURL's origin (RFC 9309 §2.3):
// its scheme, host and port followed by "/robots.txt". Userinfo, path,
// query and fragment are dropped; scheme and host are lower-cased (but for
// an IPv6 address's zone, an interface's name, kept as written), an IPv6
// address is written in RFC 5952's form ([0:0::1] is [::1]), a default
// port (80 for http and ws, 443 for https and wss, 21 for ftp: the URL
// Standard's) is dropped, and a non-ASCII host is written in its ASCII
// (punycode) form. That form lower-cases by Unicode's rules without the rest of
// the UTS #46 mapping (full-width letters, for one, are not folded to ASCII): a
// host the mapping would change gives a name no registry hands out, whose
// retrieval fails, never another domain's. But net/http applies that mapping
// before it connects: a page's link to "http://ｅｘａｍｐｌｅ.com/" (full-width
// letters; or "exa\u00admple.com", with a soft hyphen) has an origin whose
// robots.txt no server has, while http.Client.Get of it connects to
// example.com. An origin unreachable for 30 days may then be read as allowing
// everything (see Cache), so a crawler that fetches links with net/http should
// refuse a non-ASCII host that mapping changes (golang.org/x/net/idna's Lookup
// profile tells), or fetch the URL with the host in the ASCII form RobotsURL
// gives, which leads nowhere else. Other hosts are kept as written: an IPv4
// address in a form the URL Standard rewrites ("127.1", "0x7f.0.0.1",
// "2130706433", all 127.0.0.1 to a browser) is not rewritten, so it is an
// origin apart from "127.0.0.1", and one the URL Standard refuses ("1.2.3.08")
// is a name.
//
// Any scheme with a host has an origin: RFC 9309 §2.3 names FTP beside
// HTTP, so "ftp://example.com/a" gives "ftp://example.com/robots.txt"
// (Fetcher and Cache retrieve only http and https).
//
// "https://User:pw@Example.COM:443/a?b#c" gives
// "https://example.com/robots.txt", and so does "https://example.com:0443/".
// The error wraps ErrNoOrigin for a relative or host-less URL, a port past
// 65535 or a host that cannot be one ("ftp://::1/", "http://a<b/"), and the
// *url.Error for text that does not parse (a bad escape in the path too,
// which Origin does not read); a non-ASCII host that has no ASCII form (a
// label of more than 63 octets once punycoded, or octets that are not
// UTF-8) gives an error that says so. An ASCII host is not held to DNS's
// limits (63 octets a label, 253 a name): a name past them is an origin,
// whose retrieval fails when it cannot be resolved. Errors quote rawURL
// without its userinfo, so that they can be logged: in text that does not
// parse, without everything from the authority's start to its last '@',
// and with the reason the rest gives, not url.Parse's for the whole, which
// can quote part of a password ("http://u:pa/ss@h/" reads as a host
// "u:pa" whose port is "pa").
func RobotsURL(rawURL string) (string, error) {
	u, err := robotsURL(rawURL)
	if err != nil {
		return "", err
	}
	return u.String(), nil
}

// robotsURL is RobotsURL's URL, for callers that go on to use it. Its
// errors quote rawURL without its userinfo (see withoutUserinfo): the URL
// a crawler logs may hold credentials, and Fetch's Error, which a Store
// shares, quotes them.
func robotsURL(rawURL string) (*url.URL, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		if ue, ok := err.(*url.Error); ok {
			// Its URL is rawURL up to a '#', which may be in a password,
			// and its message may quote part of what withoutUserinfo
			// leaves out (see unparsedReason).
			if shown := withoutUserinfo(rawURL, false); shown != rawURL {
				err = unparsedReason(shown)
			} else {
				ue.URL = rawURL
			}
		}
		return nil, fmt.Errorf("robots: %w", err)
	}
	// Not only u.User's: "http:u:p@h" is opaque to net/url, and
	// "http:///u:p@h" a path, where a browser reads userinfo in both.
	rawURL = withoutUserinfo(rawURL, true)
	if u.Scheme == "" || u.Host == "" || u.Hostname() == "" {
		return nil, fmt.Errorf("robots: %q: %w", rawURL, ErrNoOrigin)
	}
	if !validHost(u) {
		return nil, fmt.Errorf("robots: %q: host %q is neither a name nor a bracketed IP address: %w", rawURL, u.Host, ErrNoOrigin)
	}
	hostname := u.Hostname()
	host, err := asciiHost(hostname)
	if err != nil {
		return nil, fmt.Errorf("robots: %q: %w", rawURL, err)
	}
	if strings.Contains(host, ":") { // an IPv6 literal
		if zone := strings.IndexByte(hostname, '%'); zone >= 0 {
			// A zone names an interface (RFC 6874 §1), whose name may
			// be case-sensitive: "eth0" and "ETH0" can be two. validHost
			// has made the literal ASCII, so asciiHost only lower-cased it.
			host = host[:zone] + hostname[zone:]
		}
		if a, err := netip.ParseAddr(host); err == nil {
			host = a.String() // RFC 5952's form: one origin, one spelling
		}
		host = "[" + host + "]"
	}
	// An origin's port is a number (RFC 6454 §4): "0443" is 443, and so
	// the default, and a port past 65535 names no origin. url.Parse has
	// already checked that the port is all digits.
	port := u.Port()
	if port != "" {
		n, err := strconv.ParseUint(port, 10, 16)
		if err != nil {
			return nil, fmt.Errorf("robots: %q: port %s out of range: %w", rawURL, port, ErrNoOrigin)
		}
		port = strconv.FormatUint(n, 10)
	}
	if port == defaultPort(u.Scheme) {
		port = ""
	}
	if port != "" {
		host += ":" + port
	}
	return &url.URL{Scheme: u.Scheme, Host: host, Path: "/robots.txt"}, nil
}

// unparsedReason is the error to give for text that url.Parse refused,
// where w is that text without what withoutUserinfo left out: url.Parse's
// error for w, or errUnreadAuthority when only what was left out stopped it.
// url.Parse's error for the whole text would quote it as url.Parse split
// it, and a password holding a '/', '?' or '#' ends a host there, so that
// it comes out whole as a port (`parse "http://u:pw": invalid port ":pw"
// after host`).
func unparsedReason(w string) error {
	if _, err := url.Parse(w); err != nil {
		return err
	}
	return &url.Error{Op: "parse", URL: w, Err: errUnreadAuthority}
}

// errUnreadAuthority is unparsedReason's reason for text that does not
// parse only in the part left out of its error.
var errUnreadAuthority = errors.New("its authority does not parse (shown without what may be userinfo)")

// withoutUserinfo returns rawURL without what a reader could take for its
// userinfo, for errors that quote it: the octets from the start of its
// authority to the authority's last '@'. The authority starts after a
// scheme's ':' and any '/' or '\' that follow it (the URL Standard reads
// "http:u:p@h" and "http:\\u:p@h" as authorities for http and https), or
// after a leading "//" or "\\"; text with neither has no authority and is
// returned as it is. In a URL that url.Parse read (parsed), the authority
// ends at '/', '?' or '#', as it does there. In text that does not parse,
// no reader can be sure where it ends (a space, a quote or a backslash may
// be in a password that was never escaped), so it goes up to the last '@'
// of all. Tabs and line ends are left out first, as a browser leaves them
// out of a URL ("ht\tp://u:p@h" is http://u:p@h to it).
func withoutUserinfo(rawURL string, parsed bool) string {
	if strings.IndexByte(rawURL, '@') < 0 {
		return rawURL
	}
	if strings.ContainsAny(rawURL, "\t\n\r") {
		rawURL = strings.Map(func(r rune) rune {
			if r == '\t' || r == '\n' || r == '\r' {
				return -1
			}
			return r
		}, rawURL)
	}
	i := 0
	for i < len(rawURL) && rawURL[i] <= ' ' {
		i++
	}
	start := i
	if n := schemeLen(rawURL[i:]); n > 0 && i+n < len(rawURL) && rawURL[i+n] == ':' {
		start = i + n + 1
	}
	authority := start
	for authority < len(rawURL) && (rawURL[authority] == '/' || rawURL[authority] == '\\') {
		authority++
	}
	if start == i && authority-start < 2 {
		return rawURL // no scheme, no "//": a path
	}
	end := len(rawURL)
	if n := strings.IndexAny(rawURL[authority:], "/?#"); parsed && n >= 0 {
		end = authority + n
	}
	at := strings.LastIndexByte(rawURL[authority:end], '@')
	if at < 0 {
		return rawURL
	}
	return rawURL[:authority] + rawURL[authority+at+1:]
}

// escapeNongraphic returns s with each rune that is not graphic (a control
// such as CR, LF, ESC or NUL, a line or paragraph separator, a format
// character such as a bidi override) written as Go escapes it in a quoted
// string ("\r", "\x1b", "\u202e"), and each octet that is not UTF-8 as
// "\xff", so that text a server chose cannot start a log line of its own,
// move a terminal's cursor or reorder what a reader sees. A space is kept.
func escapeNongraphic(s string) string {
	if !needsEscape(s) {
		return s
	}
	b, _ := appendEscaped(make([]byte, 0, len(s)+len(s)/8), s, math.MaxInt)
	return string(b)
}

// needsEscape reports whether escapeNongraphic would change s.
func needsEscape(s string) bool {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if escapesRune(r, size) {
			return true
		}
		i += size
	}
	return false
}

// escapesRune reports whether escapeNongraphic escapes the rune r, decoded
// from size octets: an octet that is not UTF-8 (r is utf8.RuneError of size
// 1; a U+FFFD written out is graphic and kept), or a rune that is not
// graphic.
func escapesRune(r rune, size int) bool {
	return r == utf8.RuneError && size == 1 || r != ' ' && !unicode.IsGraphic(r)
}

// escapeMax is the longest escape escapeNongraphic writes: `\U0010ffff`.
const escapeMax = 10

// appendEscaped appends to dst what escapeNongraphic writes for s, as far as
// it fits in limit octets (its first pieces, each escape whole), and returns
// dst and the length of all it would write: so that a caller who keeps a
// prefix (see escapedError) does not write the rest.
func appendEscaped(dst []byte, s string, limit int) ([]byte, int) {
	var scratch [escapeMax + 2]byte // strconv quotes a rune first
	total := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		piece := scratch[:0]
		switch {
		case !escapesRune(r, size):
			piece = append(piece, s[i:i+size]...)
		case size == 1 && r == utf8.RuneError:
			piece = append(piece, '\\', 'x', lowerHex[s[i]>>4], lowerHex[s[i]&15])
		default:
			q := strconv.AppendQuoteRune(piece, r) // 'r', quoted
			piece = q[1 : len(q)-1]
		}
		if total+len(piece) <= limit {
			dst = append(dst, piece...)
		}
		total += len(piece)
		i += size
	}
	return dst, total
}

const lowerHex = "0123456789abcdef"

// validHost reports whether u's host could name an origin. url.Parse lets
// through names that cannot: octets RFC 3986 §3.2.2 keeps out of hosts ('"',
// '<', '>' and others, which authorityLen refuses too, so that Origin and
// IsAllowed agree), brackets outside an IPv6 literal ("http://]/"), and, in
// schemes other than http and https, colons ("ftp://::1/" has host ":" and
// port 1), which are only ever an IPv6 literal's, in brackets. A literal in
// brackets url.Parse has checked already, but for its zone, which RFC 6874 §2
// lets hold any octet escaped and u.Host holds unescaped: url.URL.String
// escapes all but sub-delims, ':', '[', ']', '"', '<' and '>' again, and a
// zone with '"', '<' or '>' would give a URL that Origin refuses, one with
// '[' a URL that url.Parse does ("invalid IP-literal"), as a check of every
// octet showed. RFC 6874 §2 writes a zone in unreserved octets and escapes:
// one with non-ASCII octets, which net/url takes raw and unescapes, is
// refused, as it has no ASCII form (asciiHost would punycode the literal).
func validHost(u *url.URL) bool {
	if strings.HasPrefix(u.Host, "[") {
		return !strings.ContainsAny(u.Host[1:], "\"<>[") && isASCII(u.Host)
	}
	for i := 0; i < len(u.Host); i++ {
		if urlOctets[u.Host[i]]&notInAuthority != 0 {
			return false
		}
	}
	return !strings.ContainsAny(u.Hostname(), ":[]")
}

// hostless reports whether ref, which parses as u, is a network-path
// reference with an empty authority ("//", "//?q", "///x"): RFC 3986 §4.2
// reads it as naming no host, where net/url reads it as a path or as
// nothing, so that it would resolve to a URL of the base's own host.
func hostless(ref string, u *url.URL) bool {
	return u.Scheme == "" && u.Host == "" && strings.HasPrefix(ref, "//")
}

// resolve resolves ref against base, or against nothing if base is nil, by
// RFC 3986 §5.2 as url.ResolveReference does, and removes the dot segments
// of the path as the URL Standard's path parser does, where net/url differs
// from it: "%2e" is a dot there ("%2e%2e" against "/a/b" is "/", RFC 3986
// §6.2.2.2 makes them the same), an empty segment is kept ("..//x" against
// "/a" is "//x", where net/url's removal gives "/x"), and a path from the
// root loses its dot segments with no base too. A relative path is left as
// it is, for a later base to resolve. The fragment is dropped (an empty ref
// would take base's). ref may be changed.
func resolve(base, ref *url.URL) *url.URL {
	u := ref
	if base != nil {
		u = base.ResolveReference(ref)
	}
	u.Fragment, u.RawFragment = "", ""
	if u.Opaque != "" {
		return u
	}
	p := ref.EscapedPath()
	if base != nil && ref.Scheme == "" && ref.Host == "" && ref.User == nil && !strings.HasPrefix(p, "/") {
		switch bp := base.EscapedPath(); {
		case p == "":
			p = bp
		case bp == "" && base.Host != "":
			p = "/" + p // RFC 3986 §5.2.3
		default:
			p = bp[:strings.LastIndexByte(bp, '/')+1] + p
		}
	}
	if !strings.HasPrefix(p, "/") {
		return u
	}
	if p = removeDotSegments(p); p == u.EscapedPath() {
		return u // as net/url resolved it
	}
	path, err := url.PathUnescape(p)
	if err != nil {
		return u // cannot be: p is made of escaped paths
	}
	u.Path, u.RawPath = path, p
	return u
}

// removeDotSegments removes the dot segments of an escaped path that
// starts with '/', as the URL Standard's path parser does for http and
// https: a segment of "." or ".." (a dot may be written "%2e" or "%2E") is
// dropped, ".." with the segment before it (if any), and a path that ends
// in one ends in '/'. It takes time linear in len(p).
func removeDotSegments(p string) string {
	if !hasDotSegment(p) {
		return p
	}
	out := make([]byte, 0, len(p))
	for rest := p[1:]; ; {
		seg, next, more := strings.Cut(rest, "/")
		switch dots(seg) {
		case 1:
			if !more {
				out = append(out, '/')
			}
		case 2:
			out = out[:max(bytes.LastIndexByte(out, '/'), 0)]
			if !more {
				out = append(out, '/')
			}
		default:
			out = append(append(out, '/'), seg...)
		}
		if !more {
			return string(out)
		}
		rest = next
	}
}

// hasDotSegment reports whether the path p, which starts with '/' or is
// empty, has a segment removeDotSegments removes.
func hasDotSegment(p string) bool {
	return p != "" && hasDotSegments(p[1:])
}

// hasDotSegments reports whether a segment of the relative path p is "."
// or ".." (a dot may be written "%2e" or "%2E").
func hasDotSegments(p string) bool {
	for {
		seg, rest, more := strings.Cut(p, "/")
		if dots(seg) > 0 {
			return true
		}
		if !more {
			return false
		}
		p = rest
	}
}

// dots returns 1 for a single-dot segment, 2 for a double-dot one, and 0
// for any other.
func dots(seg string) int {
	n := 0
	for i := 0; i < len(seg); n++ {
		switch {
		case seg[i] == '.':
			i++
		case len(seg)-i >= 3 && seg[i] == '%' && seg[i+1] == '2' && seg[i+2]|0x20 == 'e':
			i += 3
		default:
			return 0
		}
	}
	if n > 2 {
		return 0
	}
	return n
}

// cleanHref prepares a href or a Location for url.Parse as the WHATWG URL
// parser reads it. Leading and trailing C0 controls and spaces are stripped
// and tabs and newlines inside removed (URL Standard, basic URL parser). The
// fragment is dropped: it is never fetched, and url.Parse would refuse
// "#50%". The other controls and spaces are percent-encoded, as that parser
// encodes them in userinfo, a path or a query (net/url refuses them, or a
// space in userinfo; in a host they stay refused). In a URL whose scheme is
// http or https, or which has none (a reference that a crawler resolves
// against an http or https page), a backslash before the query is a slash,
// as that parser reads it for those schemes: browsers, and so the page's
// author, take <a href="\\h\p"> to http://h/p, where net/url would escape
// it into a path on the page's host. Last, escapePath keeps the path's own
// escapes.
func cleanHref(s string) string {
	start, end := 0, len(s)
	for start < end && s[start] <= ' ' {
		start++
	}
	for end > start && s[end-1] <= ' ' {
		end--
	}
	s = s[start:end]
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i] // a fragment is never fetched, and url.Parse would refuse "#50%"
	}
	if strings.ContainsFunc(s, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
		b := make([]byte, 0, len(s)+8)
		for i := 0; i < len(s); i++ {
			switch c := s[i]; {
			case c == '\t' || c == '\n' || c == '\r':
			case c <= ' ' || c == 0x7f:
				b = appendEscape(b, c)
			default:
				b = append(b, c)
			}
		}
		s = string(b)
	}
	return escapePath(slashBackslashes(s))
}

// parseHref parses a href or a Location as cleanHref prepares it, and
// reports false when it does not parse or names no host ("//", "///x").
// base is what it will be resolved against, or nil (see
// withoutBaseScheme).
func parseHref(raw string, base *url.URL) (*url.URL, bool) {
	href := withoutBaseScheme(cleanHref(raw), base)
	u, err := parseCleaned(href)
	return u, err == nil && !hostless(href, u)
}

// withoutBaseScheme returns href, as cleanHref prepares it, without its
// scheme when that is base's, http or https, and no "//" follows it: RFC
// 3986 §5.2.2 lets a parser that is not strict read such a scheme as
// absent, and browsers do (the URL Standard's "special relative or
// authority state"). So on an http page "http:/x" is /x on the page's host,
// "http:x" a path beside the page and "http:?q" the page with the query q,
// where a strict reading makes each a URL with no host, which no crawler
// can fetch. A scheme that is not base's keeps the strict reading ("http:x"
// on an https page names no host; the URL Standard would make x the host).
func withoutBaseScheme(href string, base *url.URL) string {
	if base == nil || base.Scheme != "http" && base.Scheme != "https" {
		return href
	}
	n := len(base.Scheme)
	if len(href) <= n || href[n] != ':' || !strings.EqualFold(href[:n], base.Scheme) || strings.HasPrefix(href[n+1:], "//") {
		return href
	}
	rest := href[n+1:]
	// A colon in the first segment would be read as a scheme ("http:a:b").
	first := rest
	if i := strings.IndexAny(rest, "/?"); i >= 0 {
		first = rest[:i]
	}
	if strings.Contains(first, ":") {
		return "./" + rest
	}
	return rest
}

// parseCleaned is url.Parse for a href or a Location that cleanHref has
// prepared, but for a path of "%2A" alone, which it keeps as written:
// url.Parse reads it as "*", and EscapedPath writes a path of "*"
// unescaped (for "OPTIONS *": go.dev/issue/11202), where a browser keeps
// the escape. RFC 3986 §2.2 does not make them the same, '*' being a
// sub-delim.
func parseCleaned(href string) (*url.URL, error) {
	u, err := url.Parse(href)
	if err == nil && u.Path == "*" && u.RawPath == "" && !strings.HasPrefix(href, "*") {
		u.RawPath = "%2A"
	}
	return u, err
}

// escapePath percent-encodes in href's path the octets net/url would escape
// there itself: those past ASCII and '"', '<', '>', '\', '^', '`', '{', '|',
// '}'. url.Parse keeps the path as written only when it needs no escaping
// at all; otherwise it decodes every escape and encodes the result again,
// so that "/é%2F" would become "/%C3%A9/", another resource (and
// "/日%2F..%2F" a dot segment). Encoded first, the path's own escapes are
// kept. The host is left as written, for url.Parse to read as a name.
func escapePath(href string) string {
	i := 0
	if scheme, ok := hrefScheme(href); ok {
		i = len(scheme) + 1
	}
	if strings.HasPrefix(href[i:], "//") {
		i += 2
		for i < len(href) && href[i] != '/' && href[i] != '?' {
			i++
		}
	}
	end := strings.IndexByte(href[i:], '?')
	if end < 0 {
		end = len(href)
	} else {
		end += i
	}
	return escapeIn(href, i, end, escapedInPath)
}

// escapedInPath reports whether net/url escapes c in a path, spaces and
// controls aside (cleanHref has escaped those).
func escapedInPath(c byte) bool {
	switch c {
	case '"', '<', '>', '\\', '^', '`', '{', '|', '}':
		return true
	}
	return c >= 0x80
}

// slashBackslashes writes each backslash before the query or fragment of
// href as a slash, unless href has a scheme other than http and https.
func slashBackslashes(href string) string {
	end := strings.IndexAny(href, "?#")
	if end < 0 {
		end = len(href)
	}
	if strings.IndexByte(href[:end], '\\') < 0 {
		return href
	}
	if scheme, ok := hrefScheme(href[:end]); ok && !equalLower(scheme, "http") && !equalLower(scheme, "https") {
		return href
	}
	return strings.ReplaceAll(href[:end], "\\", "/") + href[end:]
}

// hrefScheme returns the scheme of href, if it starts with one (RFC 3986
// §3.1: a letter, then letters, digits, '+', '-' or '.', then ':').
func hrefScheme(href string) (string, bool) {
	for i := 0; i < len(href); i++ {
		switch c := href[i]; {
		case 'a' <= c|0x20 && c|0x20 <= 'z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return href[:i], true
		default:
			return "", false
		}
	}
	return "", false
}

// escapeQuery percent-encodes the octets of a query that a browser would, by
// the URL Standard's special-query percent-encode set (space, controls, '"',
// '#', an apostrophe, '<', '>' and every octet past ASCII), and leaves the
// rest, escapes included, as written. net/url keeps a query as it was given,
// so that "?q=a b" would otherwise reach a request line with its space in it.
func escapeQuery(q string) string { return escapeIn(q, 0, len(q), inQuerySet) }

// escapeIn percent-encodes the octets of s[from:to] that escaped reports,
// and returns s itself when there are none.
func escapeIn(s string, from, to int, escaped func(byte) bool) string {
	i := from
	for i < to && !escaped(s[i]) {
		i++
	}
	if i == to {
		return s
	}
	b := append(make([]byte, 0, len(s)+16), s[:i]...)
	for ; i < to; i++ {
		if c := s[i]; escaped(c) {
			b = appendEscape(b, c)
		} else {
			b = append(b, c)
		}
	}
	return string(append(b, s[to:]...))
}

// inQuerySet reports whether c is in the URL Standard's special-query
// percent-encode set.
func inQuerySet(c byte) bool {
	return c <= ' ' || c >= 0x7f || c == '"' || c == '#' || c == '\'' || c == '<' || c == '>'
}

// defaultPort returns the port a URL of scheme has when it names none, for
// the schemes whose origins the URL Standard defines; "" for others, whose
// ports are all kept.
func defaultPort(scheme string) string {
	switch scheme {
	case "http", "ws":
		return "80"
	case "https", "wss":
		return "443"
	case "ftp":
		return "21"
	}
	return ""
}

// asciiHost lower-cases host and writes each non-ASCII label as "xn--" and
// its punycode (RFC 3492), the form DNS and HTTP use. It does not apply the
// full UTS #46 mapping (that needs Unicode tables the library does without);
// it lower-cases with Unicode rules and accepts the ideographic full stops
// as label separators, which covers hosts as people type them. Where the
// result differs from UTS #46's, it is a label IDNA 2008 disallows, which no
// registry hands out, or UTS #46 refuses the host: compared with UTS #46
// 17.0 over every non-ASCII code point, only İ became another valid name,
// and it is written as UTS #46 writes it (see hostFold). A label whose
// ASCII form would pass the 63 octets DNS allows is an error.
func asciiHost(host string) (string, error) {
	if isASCII(host) {
		return strings.ToLower(host), nil
	}
	if !utf8.ValidString(host) {
		return "", errors.New("host is not valid UTF-8")
	}
	var folded strings.Builder
	folded.Grow(len(host) + 1)
	for _, r := range host {
		r, dot := hostFold(r)
		folded.WriteRune(r)
		if dot != 0 {
			folded.WriteRune(dot)
		}
	}
	labels := strings.Split(folded.String(), ".")
	for i, label := range labels {
		if isASCII(label) {
			continue
		}
		// RFC 1034 §3.1: a DNS label has at most 63 octets, and its
		// punycode form has at least one per code point, after "xn--".
		// Checking first also bounds the encoder, whose cost grows with
		// the square of a label's length.
		if utf8.RuneCountInString(label) > maxPunycode {
			return "", errLabelTooLong
		}
		encoded, err := appendPunycode(make([]byte, 0, maxPunycode), []rune(label))
		if err != nil {
			return "", err
		}
		labels[i] = "xn--" + string(encoded)
	}
	return strings.Join(labels, "."), nil
}

// hasASCIIForm reports whether asciiHost gives host, as an authority holds
// it (its escapes not yet decoded, as url.Parse decodes them), an ASCII
// form, without allocating: whether its octets are UTF-8 and each label's
// punycode fits a DNS label. So IsAllowed refuses the hosts RobotsURL does.
func hasASCIIForm(host string) bool {
	var label [maxPunycode]rune
	n, wide := 0, false // the label's code points so far, and whether one is not ASCII
	for i := 0; i <= len(host); {
		r := rune('.') // past the last label
		if i < len(host) {
			var seq [utf8.UTFMax]byte
			k := 0
			for k == 0 || k < len(seq) && !utf8.FullRune(seq[:k]) {
				if i == len(host) {
					return false // a sequence cut short
				}
				seq[k], i = hostOctet(host, i)
				k++
			}
			var size int
			if r, size = utf8.DecodeRune(seq[:k]); r == utf8.RuneError && size <= 1 {
				return false
			}
		}
		r, dot := hostFold(r)
		if r == '.' {
			if wide {
				if n > len(label) {
					return false
				}
				var buf [maxPunycode]byte
				if _, err := appendPunycode(buf[:0], label[:n]); err != nil {
					return false
				}
			}
			n, wide = 0, false
			if i == len(host) {
				i++ // the end, read as a last '.'
			}
			continue
		}
		for _, r := range [...]rune{r, dot} {
			if r == 0 {
				break
			}
			if n < len(label) {
				label[n] = r
			}
			n++
			wide = wide || r >= utf8.RuneSelf
		}
	}
	return true
}

// hostOctet returns the octet of host at i, an escape's decoded, and the
// offset past it; host's escapes are well formed (see validAuthority).
func hostOctet(host string, i int) (byte, int) {
	if host[i] == '%' {
		if v, ok := escapeAt(host, i); ok {
			return v, i + 3
		}
	}
	return host[i], i + 1
}

// hostFold returns a host's code point r as asciiHost writes it: a full stop
// that separates labels (UTS #46 counts the ideographic and full-width ones)
// as '.', any other in lower case, and then a second code point, or 0 for
// none. Of the characters whose Unicode lower case is a valid label
// character other than the one UTS #46 maps them to, İ is the one: it is i
// and a combining dot above, not the i of an ASCII name, so that a host is
// never taken for another domain. (ẞ, whose lower case is ß, needs nothing:
// UTS #46 has mapped it to ß since 15.1, where golang.org/x/net/idna's older
// tables still write ss, another domain.)
func hostFold(r rune) (rune, rune) {
	switch r {
	case '\u3002', '\uff0e', '\uff61':
		return '.', 0
	case '\u0130':
		return 'i', '\u0307'
	}
	return unicode.ToLower(r), 0
}

// maxLabel is the most octets a DNS label may have; maxPunycode, the most
// octets of punycode after "xn--" in one.
const (
	maxLabel    = 63
	maxPunycode = maxLabel - len("xn--")
)

var errLabelTooLong = errors.New("internationalized host label longer than DNS allows (63 octets in punycode)")

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Bootstring parameters for punycode, RFC 3492 §5.
const (
	punyBase        = 36
	punyTMin        = 1
	punyTMax        = 26
	punySkew        = 38
	punyDamp        = 700
	punyInitialBias = 72
	punyInitialN    = 128
)

// appendPunycode appends the punycode of a label's code points (RFC 3492
// §6.3) to out, and fails with errLabelTooLong as soon as more than
// maxPunycode octets would have been appended, so that an out with room
// for maxPunycode never grows.
func appendPunycode(out []byte, runes []rune) ([]byte, error) {
	if len(runes) > maxPunycode {
		return out, errLabelTooLong
	}
	start := len(out)
	for _, r := range runes {
		if r < utf8.RuneSelf {
			out = append(out, byte(r))
		}
	}
	basic := len(out) - start
	handled := basic
	if basic > 0 {
		out = append(out, '-')
	}
	n, delta, bias := rune(punyInitialN), 0, punyInitialBias
	for handled < len(runes) {
		m := rune(utf8.MaxRune + 1)
		for _, r := range runes {
			if r >= n && r < m {
				m = r
			}
		}
		if int(m-n) > (math.MaxInt32-delta)/(handled+1) {
			return out, errors.New("host label too long for punycode")
		}
		delta += int(m-n) * (handled + 1)
		n = m
		for _, r := range runes {
			if r < n {
				delta++
			}
			if r != n {
				continue
			}
			// delta as a variable-length integer: digits of at least the
			// threshold t go on, the first one below it ends it.
			for q, k := delta, punyBase; ; k += punyBase {
				if len(out)-start == maxPunycode {
					return out, errLabelTooLong
				}
				t := min(max(k-bias, punyTMin), punyTMax)
				if q < t {
					out = append(out, punyDigit(q))
					break
				}
				out = append(out, punyDigit(t+(q-t)%(punyBase-t)))
				q = (q - t) / (punyBase - t)
			}
			bias = punyAdapt(delta, handled+1, handled == basic)
			delta = 0
			handled++
		}
		delta++
		n++
	}
	return out, nil
}

func punyDigit(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

func punyAdapt(delta, points int, first bool) int {
	if first {
		delta /= punyDamp
	} else {
		delta /= 2
	}
	delta += delta / points
	k := 0
	for delta > (punyBase-punyTMin)*punyTMax/2 {
		delta /= punyBase - punyTMin
		k += punyBase
	}
	return k + (punyBase-punyTMin+1)*delta/(delta+punySkew)
}

// A Reason says why a Decision came out as it did.
type Reason uint8

// The reasons of a Decision. An Outcome is Unreachable, and explains as
// ReasonUnreachable, also when the Fetcher's Client.CheckRedirect refused a
// redirect of robots.txt, which is the crawler's own policy and no fault of
// the origin's: the Outcome's Error says which it was (see Fetcher.Client).
const (
	ReasonNoMatch     Reason = iota // no rule matched the path (or no group applies): allowed
	ReasonRule                      // Decision.Rule matched and decided
	ReasonRobotsTxt                 // the path is /robots.txt (no query), which is always allowed (RFC 9309 §2.2.2)
	ReasonInvalidURL                // neither an absolute URL with a valid authority nor a /-rooted path (for a Cache, not an http or https URL with a host): disallowed
	ReasonUnavailable               // robots.txt was unavailable (4xx but 429, redirects that lead nowhere): allowed (RFC 9309 §2.3.1.3)
	ReasonUnreachable               // robots.txt was unreachable (429, 5xx, network, see Unreachable): disallowed (RFC 9309 §2.3.1.4)

	// ReasonNoOutcome: a Cache had no outcome to decide by, for a cause on
	// the crawler's side, not the origin's (the caller's ctx ended first,
	// the Fetcher's UserAgent cannot be sent, the Cache is nil): disallowed.
	// Cache.Outcome's error says which.
	ReasonNoOutcome
)

var reasonText = [...]string{
	ReasonNoMatch:     "no rule matches",
	ReasonRule:        "rule",
	ReasonRobotsTxt:   "/robots.txt is always allowed",
	ReasonInvalidURL:  "invalid URL",
	ReasonUnavailable: "robots.txt unavailable",
	ReasonUnreachable: "robots.txt unreachable",
	ReasonNoOutcome:   "no robots.txt outcome (the crawler's side)",
}

// String returns a short English description of the reason, or
// "Reason(n)" for a value that is none of the constants.
func (r Reason) String() string {
	if int(r) < len(reasonText) {
		return reasonText[r]
	}
	return "Reason(" + strconv.Itoa(int(r)) + ")"
}

// A Decision is the answer to one query with the evidence behind it, for
// audit logs. The zero Decision is none any method returns (its Group is 0,
// not -1): it reads "disallowed: no rule matches".
type Decision struct {
	Allowed bool   // whether the agent may fetch the URL
	Reason  Reason // why

	// Rule is the deciding rule as written in the document: the longest
	// matching pattern, Allow winning a tie with Disallow, the earliest
	// winning a full tie. For a directory allowed by Google's index.html rule
	// (see Robots.IsAllowed) it is the Allow rule naming the index file.
	// Zero unless Reason is ReasonRule.
	Rule Rule

	// Line is Rule's 1-based line in the parsed text, which an Outcome's
	// JSON keeps; 0 unless Reason is ReasonRule, and 0 when unknown (a
	// Robots built or changed in code).
	Line  int
	Group int // index in Robots.Groups of Rule's group; -1 unless Reason is ReasonRule
}

// String returns the decision as one line for an audit log, such as
// `disallowed by line 12 "Disallow: /private/"` or
// `allowed: no rule matches`. The rule is quoted as "Allow: " or
// "Disallow: " and its pattern as written, not as the line stands in the
// file: "DISALLOW:/x  # old" and "disalow: /x" are both quoted as
// "Disallow: /x". Line names the line in the file. The pattern is quoted as
// strconv.Quote quotes, so a line break, ESC, a bidi override or an octet
// that is not UTF-8 in it is written escaped: the line stays one line in a
// log, whatever the server sent.
func (d Decision) String() string {
	verdict := "disallowed"
	if d.Allowed {
		verdict = "allowed"
	}
	if d.Reason != ReasonRule {
		return verdict + ": " + d.Reason.String()
	}
	var b strings.Builder
	b.WriteString(verdict)
	b.WriteString(" by ")
	if d.Line > 0 {
		b.WriteString("line ")
		b.WriteString(strconv.Itoa(d.Line))
		b.WriteByte(' ')
	}
	key := "Disallow: "
	if d.Rule.Allow {
		key = "Allow: "
	}
	b.WriteString(strconv.Quote(key + d.Rule.Pattern))
	return b.String()
}

// IsAllowed reports whether userAgent may fetch rawURL (RFC 9309 §2.2).
//
// The groups that apply are every group naming the agent's ProductToken,
// merged; with none, every group for "*", merged; with none of those,
// everything is allowed. A "*" group never adds to a group naming the agent.
//
// rawURL is an absolute URL, whose path and query are matched (the fragment
// is dropped and an empty path is "/"), or a path starting with "/", matched
// as it is. Anything else is not something a crawler can fetch, and is
// disallowed, as is an absolute URL with no authority ("http:///x"), one
// that holds an ASCII octet RFC 3986 lets no authority hold (a space, a
// control, '\', '|', ...: "http://example.com\private" is /private to a
// browser and an error to net/url), and one whose authority names no origin
// or does not parse, as net/url and RobotsURL read it ("http://:80/x",
// "http://e.com:abc/x", "http://e.com:65536/x", "http://[::1/x",
// "http://[1.2.3.4]/x", "http://e%41.com/x", "http://%zz@e.com/x", and
// "http://%FF/x", whose host is not UTF-8). The path of a URL taken is
// matched even where net/url would refuse it: "http://e.com/%zz" is the
// path "/%zz". The path /robots.txt, without a query (even an empty one:
// "/robots.txt?" is another path), is always allowed, however its octets
// are escaped (/%72obots.txt).
//
// A "/"-rooted path is taken whole: a '#' in it and what follows are
// matched too ("/p#top" is not "/p"), and "//host/p" is a path, not a URL
// without its scheme. Pass the absolute URL, or the path and query alone
// (url.URL's RequestURI), for what a crawler fetches. Beyond
// percent-encoding, paths are matched as given, as RFC 9309 and Google's
// parser match them: "/a/../private", "//private" and "/a\..\private" are
// not "/private", though a server may serve it for them. Normalise a URL
// (dot segments, repeated slashes, a browser's backslashes) before asking,
// as before fetching it, and fetch the URL asked about.
//
// Path and patterns are compared in one canonical percent-encoding: octets
// outside the URI unreserved and reserved sets (such as the UTF-8 of
// non-ASCII characters) are escaped, escapes get upper-case hex, escapes of
// unreserved characters are decoded, and %2F stays distinct from "/". A '%'
// not followed by two hex digits is such an octet, escaped as %25 on both
// sides: "Disallow: /query%" refuses "/query%" and "/query%zz" but not
// "/query%20x", which Google's parser, comparing as written, refuses. Paths
// are case-sensitive. In patterns, '*' matches any run of octets and a final
// '$' anchors the end of path and query; %2A and %24 stand for a literal '*'
// and '$'. A path's %2A and %24 are its '*' and '$' (unlike the escapes of
// other reserved characters), so that a pattern's %24 matches both ("/a%24"
// matches the path "/a%24" it equals, and "/a$", as RFC 9309 §2.2.3 has it),
// and a '$' inside a pattern, a literal, matches %24 too ("Disallow: /a$b"
// refuses "/a%24b"), as RFC 9309 §2.2.2 has it, escaping reserved octets on
// both sides before comparing. Being one octet, a path's %2A or %24 offers
// no hex digits to a pattern's text: "Disallow: /*2A" does not refuse
// "/x%2A". Of the matching rules, the one with the most octets in its
// (canonical) pattern decides, and Allow wins a tie; no match allows.
//
// Like Google's crawler, an Allow pattern ending in /index.htm or
// /index.html, with or without a final '$', also allows its directory:
// "Allow: /d/index.html" allows exactly "/d/" as "Allow: /d/$" would. The
// name is compared normalised, as patterns are matched: "/d/%69ndex.html"
// is the same pattern.
// (Google's reference parser also takes longer last segments, such as
// /index.html5 or /index.html*; here the pattern must end in one of the
// two names.)
//
// A query costs one walk down an index of the agent's rules, linear in the
// path's length. Wildcard rules on that walk cost one match each, linear in
// the path times the pattern; when they are many, a pass over the path finds
// those whose longest literal part after their prefix occurs in it (at each
// octet, as far as one of those parts goes on matching), and only those are
// matched, once each. IsAllowed, which needs only the verdict, leaves out
// those that could not reverse it (a wildcard disallow rule where a plain one
// already disallows) and stops at the first match none left could reverse;
// Explain, which names the deciding rule, tries every one that could outrank
// the rules matched before. In all, never more than the path's length times
// the agent's wildcard patterns' total length (and, for an Agent made of
// parts, which [Robots.Agent] describes, that for each group that names the
// token). A file written to cost the most comes near it: 10,000 rules such as
// "/*0042*q" (190 KB) against an 8,000-octet URL whose path holds most
// four-digit numbers take some 80 ms a query, as most rules' parts occur and
// each then looks for its "q" to the end. It allocates nothing once the
// document has answered a query for that agent: an already canonical path is
// read in place, and one whose percent-encoding must be rewritten is
// rewritten on the stack, unless the rewritten path is longer than 8 KiB;
// then it borrows a pooled buffer, which the runtime may reclaim at a garbage
// collection. An agent with more than 4,096 wildcard rules borrows a pooled
// bitmap for them in the same way. Nor does it keep rawURL, so a URL made for
// the call ("/p/" + id, string(b)) can stay on the caller's stack.
func (r *Robots) IsAllowed(userAgent, rawURL string) bool {
	return r.Agent(userAgent).IsAllowed(rawURL)
}

// Explain is IsAllowed with the evidence: which rule decided, on which line,
// or why no rule did.
func (r *Robots) Explain(userAgent, rawURL string) Decision {
	return r.Agent(userAgent).Explain(rawURL)
}

// RuleLines returns the 1-based source line of each rule of r.Groups[group],
// in the order of its Rules: the line Decision.Line gives when the rule
// decides, for every rule, so that a linter can also name the rules no query
// is decided by. Lint names those that one other rule outranks wherever they
// match (a duplicate, one a longer rule covers), from a file's text;
// RuleLines is for a caller that looks further, or at a fetched document (an
// Outcome's JSON keeps the lines). A line is 0 where it is not known: for
// every rule of a group built, or whose Rules were changed, in code (see
// Robots). It returns nil when r has no such group. It reads r.Groups as they
// are now, where the Agents of earlier queries keep the groups as they were
// then (so after groups are moved about, a Decision's Group may name another
// group's index); and, like a query, it must not run while they change.
func (r *Robots) RuleLines(group int) []int {
	if r == nil || group < 0 || group >= len(r.Groups) {
		return nil
	}
	lines := make([]int, len(r.Groups[group].Rules))
	known, _ := groupLines(r, group)
	for i, line := range known {
		lines[i] = int(line)
	}
	return lines
}

// CrawlDelay returns the Crawl-delay of the groups that apply to userAgent
// (chosen as for IsAllowed), and whether there is one. When several
// applicable groups give one, the longest applies: it satisfies them all. A
// value is decimal seconds with an optional fraction ("10", "0.5", ".5",
// "5."); anything else ("10s", "1e3", "-1", "0x10") is ignored as if the line
// were absent, and "0" is no delay: (0, false), as for no line, as is a
// value under a nanosecond, which a Duration cannot hold. Crawl-delay
// is not part of RFC 9309; Google ignores it, other crawlers read it as
// seconds between requests. A value too long for a Duration is the longest
// Duration (about 292 years): cap it to what the crawler can wait, rather
// than read it as no delay. Nothing in this package waits: pacing is the
// crawler's (examples/crawl waits the delay from the end of one request to an
// origin to the start of the next, the stricter reading of "between
// requests").
func (r *Robots) CrawlDelay(userAgent string) (time.Duration, bool) {
	return r.Agent(userAgent).CrawlDelay()
}

// ContentSignalsFor returns the Content-Signal preferences that apply to
// userAgent: the document's (before its first group), overlaid by those of
// the groups that apply (chosen as for IsAllowed). When two applicable
// groups disagree on a key, "no" wins. The map is the caller's to keep; nil
// when there are none. A key that is absent is no preference given, not
// "no". As with rules, a "*" group's lines do not reach an agent that a
// group of its own names: ContentSignalsFor("*"), which gets the "*"
// groups, tells a caller what they say.
func (r *Robots) ContentSignalsFor(userAgent string) map[string]bool {
	return r.Agent(userAgent).ContentSignals()
}

// An Agent is a Robots compiled for one product token: the merged rules of
// the groups that apply to it, indexed for fast queries. Get one from
// Robots.Agent, or from Outcome.Agent for a fetched robots.txt whatever its
// status, and keep it for a crawl of the origin; it answers exactly as the
// Robots (or Outcome) methods do for that agent.
//
// An Agent is immutable and safe for concurrent use; it is shared, the same
// one given to every caller that asks for it, so never assign through an
// *Agent. Its queries do not allocate (but for a rare long path or a huge
// wildcard rule set; see Robots.IsAllowed). The zero Agent and a nil *Agent
// have no rules: they allow every URL and path IsAllowed can read (refusing,
// as any Agent does, what is neither), as the Agent of a nil Robots does.
type Agent struct {
	// A query reads only the first two fields. They fill the first 56
	// octets, and the padding at the end makes an Agent 192 octets, a size
	// the allocator aligns to 64: they share one cache line.
	key   tokenKey // of the product token this view is for
	rules ruleSet

	token    string // the product token, lower-cased
	groups   []int  // indices of the groups that apply, in document order
	refs     []ruleRef
	parts    []agentPart // instead of rules and refs past the document's bound (see keep)
	delay    time.Duration
	hasDelay bool
	// verdict is, for the Agent of an Outcome that is not Parsed (see
	// Outcome.Agent), the Reason its decisions give in place of a rule's
	// or no rule's: ReasonUnavailable or ReasonUnreachable; 0 otherwise.
	verdict Reason
	signals map[string]bool
	// For an Agent made of parts, what its signals are merged from when
	// asked for (signals is nil).
	signalsOf *signalSource
	_         [agentPad]byte
}

// agentPad pads an Agent to 192 octets on 64-bit platforms; TestLayout
// checks it.
const agentPad = 16

// An agentPart is the rules of one group, compiled on their own, in an
// Agent made of such parts: its rules are those of every part, the best
// match the best of each part's (rank keys are numbered across the
// document, so that they compare as in one set), and a decision's ref, from
// on, is one of the part's refs.
type agentPart struct {
	group *groupRules
	from  int32
}

// A signalSource is what an agentIndex merges Agents' Content-Signal from,
// apart from the index, so that an Agent made of parts that outlives its
// document keeps this, not every Agent the index compiled.
type signalSource struct {
	groups []Group
	doc    map[string]bool
}

// groupRules are one group's rules compiled on their own (see agentPart),
// made once and shared by every Agent made of parts that has the group.
type groupRules struct {
	rules ruleSet
	refs  []ruleRef
}

// A ruleRef says where a compiled rule came from, and holds its pattern as
// it was then (its Allow is the decision's): Explain cites the rule that
// decided even when the document has been changed since, which the Agent
// does not see.
type ruleRef struct {
	pattern     string
	group, line int32
}

// allowAll is the Agent of a nil Robots: it has no rules.
var allowAll = &Agent{}

// Agent returns the compiled view of r for userAgent's product token. The
// first call for a token compiles the rules of the groups that apply to it,
// or reuses those of a token named by the same groups; later calls find the
// same Agent among the seven views r keeps of the tokens last asked for, or
// else by a table lookup; neither allocates. (A document asked in turn as
// more than seven tokens finds some by the table, replacing views as it goes,
// a miss or two more a query: the benchmarks' workload asked as eight tokens
// took some 15-30 % longer.) A nil Robots gives an Agent that allows every
// URL and path IsAllowed can read.
//
// What a document's compiled Agents hold is bounded, at about twice what its
// rules and Content-Signal entries hold compiled once each, plus 1 MiB (once
// for the Agents compiled whole, and once more at most for those made of
// parts), and some 250 octets for each token asked about past that: tokens
// whose groups overlap in many ways (each named by a group of its own and by
// one shared group of many rules) would otherwise hold the shared rules once
// each. Past the bound, which only such a document asked as many of its
// tokens reaches, a token's Agent is made of its groups' rules compiled one
// group at a time, which all such Agents share: it answers exactly as one
// compiled whole would, slower (a walk for each group that names the token,
// and the path rewritten canonical first), and is kept like any other. The
// Agent of the tokens no group names is always compiled whole. Apart from
// that bound, the first query of a document builds the tables it finds
// tokens and their groups by, which the document's own size bounds: about
// 200 octets a group naming a token of its own (a 1.5 MB file of 40,000
// such groups takes about 8 MB). Compiling works in memory borrowed from a
// pool that all documents share, and keeps none of it: a compile's memory,
// if no more than 256 KiB, waits there for the next (one for each compile
// that ran at once, at most), until a garbage collection or two reclaims
// it; a compile that needed more does not put it there, and the collector
// reclaims it.
func (r *Robots) Agent(userAgent string) *Agent {
	if r == nil {
		return allowAll
	}
	// The Agents of the last few tokens asked for are kept in r itself
	// (see viewTable), so that most queries go from r straight to their
	// Agent: a crawler asks as one or a few agents, and every pointer
	// followed is a cache miss when it asks about many sites in turn.
	q := keyOf(userAgent)
	tag := uint64(uint8(q.hash))
	for m := zeroOctets(r.views.tags.Load()^ones*tag) & viewOctets; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m) >> 3
		if a := r.views.agents[i].Load(); a != nil && a.key.is(a.token, &q, userAgent) {
			return a
		}
	}
	a := r.agent(userAgent, &q)
	r.views.keep(a, tag, int(q.hash>>8))
	return a
}

// A viewTable is the Agents a Robots keeps of the tokens last asked for,
// each under a tag, an octet of its token's hash. It is 64 octets, which
// Robots keeps at its start, aligned to a cache line: a lookup reads one
// line, then the one Agent whose tag matches. A tag only says where to
// look, so that tags and Agents need not change together: the Agent's own
// token decides.
type viewTable struct {
	tags   atomic.Uint64 // octet i: the tag of agents[i]
	agents [7]atomic.Pointer[Agent]
}

// viewOctets selects the octets of viewTable.tags that are in use.
const viewOctets = highs >> 8

// keep adds a, of the given tag, to t, in an empty place if there is one,
// else in place hint (modulo the places).
func (t *viewTable) keep(a *Agent, tag uint64, hint int) {
	i := hint % len(t.agents)
	for j := range t.agents {
		if t.agents[j].Load() == nil {
			i = j
			break
		}
	}
	t.agents[i].Store(a)
	for {
		old := t.tags.Load()
		if t.tags.CompareAndSwap(old, old&^(0xff<<(8*i))|tag<<(8*i)) {
			return
		}
	}
}

// reset empties t.
func (t *viewTable) reset() {
	for i := range t.agents {
		t.agents[i].Store(nil)
	}
	t.tags.Store(0)
}

// agent returns the Agent for the token of userAgent, of key q, by way of
// r's agentIndex.
func (r *Robots) agent(userAgent string, q *tokenKey) *Agent {
	x := r.agents.Load()
	if x == nil {
		x = newAgentIndex(r)
		if !r.agents.CompareAndSwap(nil, x) {
			x = r.agents.Load()
		}
	}
	s := x.slot(userAgent, q)
	a := x.agentOf(s)
	if s != &x.fallback || a.key.is(a.token, q, userAgent) {
		return a // a named token's Agent, or the fallback's own (a user agent without a token)
	}
	return x.fallbackView(a, q, userAgent)
}

// maxFallbackViews bounds the views of the fallback Agent an agentIndex
// keeps, one per token no group names; tokens beyond it get the shared
// Agent, which answers the same, at the cost of a lookup in the index.
const maxFallbackViews = 32

// maxViewToken bounds the tokens fallbackView keeps a view for, in octets:
// a view holds a copy of its token, and the user agent a caller asks as may
// be of any length. A longer token (no crawler's comes near it) gets the
// shared Agent, as a token past maxFallbackViews does.
const maxViewToken = 64

// fallbackView returns the view of the fallback Agent a for token: a copy
// that shares its compiled rules and carries the token, for Robots.Agent to
// keep in the document. Each token's view is made once.
func (x *agentIndex) fallbackView(a *Agent, q *tokenKey, userAgent string) *Agent {
	x.mu.Lock()
	defer x.mu.Unlock()
	for _, v := range x.fallbackViews {
		if v.key.is(v.token, q, userAgent) {
			return v
		}
	}
	if len(x.fallbackViews) == maxFallbackViews || q.n > maxViewToken {
		return a
	}
	v := *a
	// A token of its own, copied once: not a part of the caller's string
	// (as ToLower returns a lower-case one), which the view would keep and
	// which would then escape from every query that can reach here.
	var buf [maxViewToken]byte
	v.key, v.token = *q, string(appendToken(buf[:0], userAgent))
	x.fallbackViews = append(x.fallbackViews, &v)
	return &v
}

// An agentIndex maps product tokens to the groups that apply to them. A
// document has one slot per distinct product token its groups name, plus the
// fallback for every other agent, so the compiled Agents it can hold are
// bounded by the document, not by how many user agents ask.
//
// Looking up a user agent is on every (*Robots).IsAllowed that does not find
// its Agent among the document's views, so it reads an open-addressed table
// of slot indices, then the slot, which carries the token's key and the
// compiled Agent: without allocating or following a pointer to compare
// keys. Where a token goes in the table is a hash of all of it
// under a seed of the index's own (see home), so that a document cannot name
// thousands of tokens that all go to one place: they would make building the
// table, and looking them up, quadratic.
type agentIndex struct {
	// The document's Groups (a copy, each group's Content-Signal map too),
	// Content-Signal with them (see signalSource) and rule lines (see
	// ruleLines) when it was indexed: Agents compiled later read these, so
	// that fields set after the first query are not seen and cannot make
	// them read past a group's lines (a group's Rules grown), an Agent's
	// Content-Signal stays as it was made, and each is found once, not per
	// Agent. A rule changed in place is seen, as Rules share their array
	// with the document's; sums, each group's rulesSum when it was indexed,
	// tell such a group, whose lines are then unknown (see linesOf).
	groups       []Group
	signalSource *signalSource
	lines        [][]int32
	sums         []uint64
	text         string // the document's text, which rulesSum reads addresses against

	// A slot for each token the groups name, and the table that finds
	// them: open-addressed by home, a slot's index plus one in each entry,
	// 0 for none. The table is kept to indices, 4 octets an entry, since it
	// has two to four entries a token: slots in it made a document naming
	// tens of thousands of tokens hold 22 times its size, where it now
	// holds 8.5 (TestAgentIndexHeld).
	slots    []agentSlot
	table    []uint32  // len is a power of two, or 0
	seed     uint64    // of home
	fallback agentSlot // the "*" groups, for agents no group names

	mu            sync.Mutex
	fallbackViews []*Agent      // see fallbackView
	byGroup       []*groupRules // see groupRules; nil until an Agent is made of parts
	orderFrom     []int32       // the rank order a group's rules start at; with byGroup

	// What the kept Agents hold, in octets as heldBy counts them, and the
	// most they may: see keep. The bound is found by the first Agent that
	// needs it (see bound), not with the index: a crawler that no group
	// names is answered by the fallback, which never asks, and finding the
	// bound reads every rule of the document again: some 15 % of the time a
	// parse and such a crawler's first query took (BenchmarkParseAndAsk).
	held      atomic.Int64
	boundOnce sync.Once
	maxHeld   int64   // set by bound
	ruleHeld  []int64 // heldBy of each group's rules; set by bound

	// The fallback's estimate, if bound counted it (see countFallback),
	// and whether its Agent has been counted; guarded by mu.
	fallbackEst     int64
	fallbackCounted bool
}

// bound finds the most the kept Agents may hold, and each group's part of it,
// once: an Agent of a named token calls it before its estimate, or before it
// is kept as a view of an earlier Agent (the fallback's, for a token named by
// the '*' groups alone). The fallback is always compiled whole, whatever the
// bound (see compile): so that asking for it last, past the bound, cannot add
// it to all the rest, its estimate is counted here if its Agent is not
// counted yet, and taken back from what the Agent holds when it is
// (countFallback).
func (x *agentIndex) bound() {
	x.boundOnce.Do(func() {
		x.maxHeld, x.ruleHeld = heldBound(x.groups, x.signalSource.doc)
		x.mu.Lock()
		defer x.mu.Unlock()
		if !x.fallbackCounted {
			x.fallbackEst = x.estimate(x.fallback.groups)
			x.held.Add(x.fallbackEst)
		}
	})
}

// countFallback counts held, what a compiled fallback Agent holds, less the
// estimate bound counted for it, if any, and returns what it added.
func (x *agentIndex) countFallback(held int64) int64 {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.fallbackCounted = true
	held -= x.fallbackEst
	x.held.Add(held)
	return held
}

// keep reports whether an Agent estimated to add n octets to what the
// document's Agents hold may be compiled whole, and counts them if so.
// Tokens whose groups overlap in many ways would otherwise make a document
// hold its rules many times over: a 500 KiB document naming 8,000 tokens,
// each in a group of its own and in one group of 8,000 rules, held 3.4 GB
// once asked as each. Past the bound, an Agent is made of its groups' rules
// compiled one group at a time (see agentPart), which every such Agent
// shares, so that those rules are held once at most: its queries walk one
// index a group, not one for all, but it is kept, and never compiled again
// (a token that shares its groups with another keeps that token's Agent
// itself). The fallback, one rule set that most crawlers' tokens use, is
// always compiled whole, and never asks (see compile).
func (x *agentIndex) keep(n int64) bool {
	if x.held.Add(n) <= x.maxHeld {
		return true
	}
	x.held.Add(-n)
	return false
}

// heldBy estimates the octets the compiled form of rules and of signal
// entries holds, from above for most (TestHeldByBoundsCompiled measures
// it): see ruleHeld; a Content-Signal entry some 64 octets in the Agent's
// map; an Allow rule for an index file one more rule, for its directory
// (see ruleSpecs). The estimate decides whether an Agent is compiled whole;
// once it is, the count has what it holds. It counted 32 octets beside each
// pattern, where a wildcard rule holds some 130 and more.
func heldBy(rules []Rule, signals int) int64 {
	n := signalHeld * int64(signals)
	var seen map[string]bool // the patterns met already
	if len(rules) > 1 {
		seen = make(map[string]bool, len(rules))
	}
	for _, r := range rules {
		again := seen[r.Pattern]
		if seen != nil {
			seen[r.Pattern] = true
		}
		n += ruleHeld(r.Pattern, again)
		if dir, ok := indexFileDir(r); ok && !again {
			n += ruleHeld(dir, false)
		}
	}
	return n
}

// ruleHeld estimates, from above, what a rule of pattern holds compiled, read
// as appendPattern reads it (see patternShape): a plain rule its canonical
// octets and some 64 beside them (its trie node, its ruleRef); a wildcard
// rule its octets twice (its literals, and its prefix and needle in the rule
// and needle tries) and some 160 beside them (its matchRule, its ruleRef, its
// nodes); a pattern that can never match its ruleRef alone. A rule whose
// pattern one before it in its group has already (again) has no node of its
// own, in either trie: a file of one wildcard rule written 50,000 times was
// counted at the cost of distinct rules, nearly twice what it held, and the
// bound, made of the same count, let other Agents hold the difference.
func ruleHeld(pattern string, again bool) int64 {
	ok, wild := patternShape(pattern)
	n := int64(canonicalLen(pattern))
	switch {
	case !ok:
		return 32
	case wild && again:
		return n + 96 // its matchRule, literals, ruleRef and needle entry
	case again:
		return 32
	case wild:
		return 2*n + 160
	}
	return n + 64
}

// wholeHeld returns what an Agent compiled whole holds, as the count of what
// a document's Agents hold has it: its compiled rules and signals, and
// viewHeld for itself.
func wholeHeld(a *Agent) int64 {
	return viewHeld + compiledHeld(&a.rules, a.refs) + signalHeld*int64(len(a.signals))
}

// compiledHeld returns what compiled rules and their ruleRefs hold.
func compiledHeld(rules *ruleSet, refs []ruleRef) int64 {
	return rules.held() + int64(len(refs))*int64(unsafe.Sizeof(ruleRef{}))
}

// agentHeld is what estimate allows an Agent beyond its rules' ruleHeld and
// its signals, about: the Agent itself, its token, and a needle index's
// tables, which ruleHeld leaves out. Once an Agent is compiled, wholeHeld
// counts it as viewHeld and its needle index in its rules' held. A view,
// which shares another Agent's rules, holds viewHeld.
const (
	agentHeld  = 1024
	viewHeld   = 256
	signalHeld = 64 // a Content-Signal entry in an Agent's map, about
)

// heldBound returns what a document's Agents compiled whole may hold (see
// keep): what its groups' rules and its Content-Signal entries would compiled
// once each, and 1 MiB to spare for small documents; and, of which that is
// made, heldBy of each group's rules. The count has the fallback's estimate
// from when the bound is found until its Agent is compiled (see bound), each
// Agent as compiled, and each group compiled for Agents made of parts, which
// are compiled past the bound but hold the rules once at most: so all of them
// hold about twice the rules at most. The real files of testdata, each asked
// as every token it names, never pass the bound. It was four times, with
// heldBy counting a quarter of what wildcard rules hold, and the fallback and
// the parts left out: a file held 69 times its size (a black-box audit).
func heldBound(groups []Group, signals map[string]bool) (bound int64, perGroup []int64) {
	perGroup = make([]int64, len(groups))
	n := heldBy(nil, len(signals))
	for i, g := range groups {
		perGroup[i] = heldBy(g.Rules, 0)
		n += perGroup[i] + heldBy(nil, len(g.ContentSignals))
	}
	return n + 1<<20, perGroup
}

type agentSlot struct {
	tokenKey                       // of the token
	token    string                // the token, lower-cased
	agent    atomic.Pointer[Agent] // compiled on first use
	groups   []int                 // the groups that name it, in document order
	like     *agentSlot            // an earlier slot with the same groups, whose rules its Agent shares; or nil
}

// A tokenKey identifies a product token by a hash of it, its length and its
// first 16 octets, folded to one case, read as two words: comparing two takes
// four comparisons of fixed fields, not a loop. A longer token is compared
// beyond them too.
type tokenKey struct {
	hash  uint32
	n     uint32    // the token's length
	words [2]uint64 // its first 16 octets as tokenOctets folds them, little-endian, zero beyond its end
}

// keyOf returns the key of the product token that userAgent starts with.
func keyOf(userAgent string) tokenKey {
	// A word at a time: the token octets of 8 octets are found, and folded
	// to one case, with a few word-wide operations.
	w0, n := tokenOctets(load8(userAgent, 0))
	var w1 uint64
	if n == 8 {
		var m int
		w1, m = tokenOctets(load8(userAgent, 8))
		n += m
		if n == 16 {
			for n < len(userAgent) && tokenLower[userAgent[n]] != 0 {
				n++
			}
		}
	}
	// The hash only tags a token in a document's views (see viewTable),
	// which compare whole keys: it need not tell apart tokens that differ
	// beyond 16 octets.
	h := (w0*0x9e3779b97f4a7c15 ^ w1 ^ uint64(n)) * 0xff51afd7ed558ccd
	return tokenKey{hash: uint32(h >> 32), n: uint32(n), words: [2]uint64{w0, w1}}
}

// load8 returns the octets of s from i on, up to 8 of them, little-endian,
// zero beyond the end of s.
func load8(s string, i int) uint64 {
	switch rest := len(s) - i; {
	case rest >= 8:
		return word(s, i)
	case rest <= 0:
		return 0
	case len(s) >= 8:
		return word(s, len(s)-8) >> (8 * (8 - rest))
	}
	var w uint64
	for j := len(s) - 1; j >= i; j-- {
		w = w<<8 | uint64(s[j])
	}
	return w
}

// tokenOctets returns how many of the octets of w, from the lowest, are
// product token octets (letters, '-' and '_'), and those octets folded to
// one case: letters in lower case, '_' as 0x7f (the fold is ORing 0x20,
// which tells apart all token octets but for case), the rest zero.
func tokenOctets(w uint64) (uint64, int) {
	const low7 = 0x7f7f7f7f7f7f7f7f
	x := w | 0x2020202020202020
	y := x & low7
	letter := (y + (0x80-'a')*ones) &^ (y + (0x80-'z'-1)*ones) &^ w & highs
	token := letter | zeroOctets(w^'-'*ones) | zeroOctets(w^'_'*ones)
	n := bits.TrailingZeros64(^token&highs) >> 3
	if n == 8 {
		return x, 8
	}
	return x & (1<<(8*n) - 1), n
}

// is reports whether the product token userAgent starts with, of key q,
// is token, of key k.
func (k *tokenKey) is(token string, q *tokenKey, userAgent string) bool {
	if *k != *q {
		return false
	}
	return k.n <= 16 || equalLower(userAgent[16:k.n], token[16:])
}

func newAgentIndex(r *Robots) *agentIndex {
	x := &agentIndex{groups: slices.Clone(r.Groups), text: r.text, seed: rand.Uint64()}
	x.lines, x.sums = ruleLines(r)
	for gi := range x.groups {
		if g := &x.groups[gi]; len(g.ContentSignals) > 0 {
			g.ContentSignals = maps.Clone(g.ContentSignals)
		}
	}
	var signals map[string]bool // nil when there are none
	if len(r.ContentSignals) > 0 {
		signals = maps.Clone(r.ContentSignals)
	}
	x.signalSource = &signalSource{x.groups, signals}
	// A slot for each user-agent value that is not "*", at most. Sized at
	// once, the slots are not made again as they grow, nor copied to cut
	// what growing left over: that was about an eighth of the octets
	// allocated to parse a file of under 6 KB and ask it once (benchmarks'
	// ParseAndAskBySize). Past maxSlotsSized values they grow as appended:
	// a file naming one token thousands of times should not have a slot
	// made for each.
	named := 0
	for _, g := range r.Groups {
		for _, ua := range g.UserAgents {
			if !isWildcard(ua) {
				named++
			}
		}
	}
	named = min(named, maxSlotsSized)
	x.slots = make([]agentSlot, 0, named)
	byToken := make(map[string]int, named) // index in x.slots
	// Most tokens are named by one group: each of the first slots' lists
	// of groups starts as one place of this array, and only a list that
	// grows past it is made on its own.
	firstGroups := make([]int, named)
	// A token is looked up lower-cased in here, which allocates nothing,
	// and made a string only when it is new: "User-agent: ExampleBot/2.1"
	// thousands of times is one string, not thousands.
	var buf [32]byte
	lower := buf[:0]
	for i, g := range r.Groups {
		for _, ua := range g.UserAgents {
			if isWildcard(ua) { // "*foo" too, in a Group built by hand
				x.fallback.groups = appendGroup(x.fallback.groups, i)
				continue
			}
			lower = appendToken(lower[:0], ua)
			if len(lower) == 0 {
				continue // names no agent: a product token has at least one letter, '_' or '-'
			}
			k, ok := byToken[string(lower)]
			if !ok {
				token := ua[:len(lower)] // its own octets when already lower-case
				if token != string(lower) {
					token = string(lower)
				}
				k = len(x.slots)
				byToken[token] = k
				var groups []int
				if k < len(firstGroups) {
					groups = firstGroups[k : k : k+1]
				}
				x.slots = append(x.slots, agentSlot{tokenKey: keyOf(token), token: token, groups: groups})
			}
			x.slots[k].groups = appendGroup(x.slots[k].groups, i)
		}
	}
	if len(x.slots) == 0 {
		return x
	}
	// A token named in several groups leaves a slot unused, as does
	// growing past maxSlotsSized: they are cut when more than a quarter.
	// Once cut, the slots do not move, and like may point into them.
	if len(x.slots) < cap(x.slots)*3/4 {
		x.slots = slices.Clone(x.slots)
	}
	size := 4
	for size < 2*len(x.slots) {
		size *= 2
	}
	x.table = make([]uint32, size)
	// Tokens named by the same groups share one compiled rule set: a group
	// naming many tokens would otherwise be compiled once for each. So do
	// tokens named by exactly the "*" groups ("User-agent: *" and
	// "User-agent: examplebot" over one group's rules), and the fallback.
	byGroups := make(map[string]*agentSlot)
	var key []byte
	if len(x.fallback.groups) > 0 {
		key = groupsKey(key[:0], x.fallback.groups)
		byGroups[string(key)] = &x.fallback
	}
	for k := range x.slots {
		s := &x.slots[k]
		i := x.home(s.token) & uint32(size-1)
		for x.table[i] != 0 {
			i = (i + 1) & uint32(size-1)
		}
		x.table[i] = uint32(k + 1)
		key = groupsKey(key[:0], s.groups)
		if s.like = byGroups[string(key)]; s.like == nil {
			byGroups[string(key)] = s
		}
	}
	return x
}

// maxSlotsSized is the most user-agent values for which newAgentIndex
// makes its slots at once, before it knows how many distinct tokens they
// name.
const maxSlotsSized = 64

// groupsKey appends to dst a key for a list of groups, equal for equal lists
// only: their indices as uvarints, a prefix-free code, so that a list's key
// reads back as that list alone.
func groupsKey(dst []byte, groups []int) []byte {
	for _, g := range groups {
		dst = binary.AppendUvarint(dst, uint64(g))
	}
	return dst
}

// appendGroup appends group i to groups unless it is there already. Groups
// come in document order, so only the last can be i: a search of the whole
// list would make many groups naming one token quadratic.
func appendGroup(groups []int, i int) []int {
	if n := len(groups); n > 0 && groups[n-1] == i {
		return groups
	}
	return append(groups, i)
}

// slot returns the slot for the product token of userAgent, of key q,
// without allocating.
func (x *agentIndex) slot(userAgent string, q *tokenKey) *agentSlot {
	if len(x.table) == 0 || q.n == 0 {
		return &x.fallback
	}
	mask := uint32(len(x.table) - 1)
	for i := x.home(userAgent[:q.n]) & mask; ; i = (i + 1) & mask {
		k := x.table[i]
		if k == 0 {
			return &x.fallback
		}
		if e := &x.slots[k-1]; e.is(e.token, q, userAgent) {
			return e
		}
	}
}

// home hashes a product token, in any case, for its place in x's table.
// The hash reads every octet (tokenKey's hash reads 16, and its words are
// the same for tokens that differ beyond them) and is seeded with x's own
// seed: a document's tokens cannot be chosen to collide, as they could
// under a fixed hash, however good.
func (x *agentIndex) home(token string) uint32 {
	h := x.seed ^ uint64(len(token))*0x9e3779b97f4a7c15
	for len(token) >= 8 {
		h = mix(h, word(token, 0)|0x2020202020202020)
		token = token[8:]
	}
	h = mix(h, load8(token, 0)|0x2020202020202020)
	return uint32(h >> 32)
}

// mix folds w into h: the 128-bit product of h^w (and a constant) by an odd
// constant, its two halves XORed, so that each output bit depends on every
// input bit (as wyhash mixes).
func mix(h, w uint64) uint64 {
	hi, lo := bits.Mul64(h^w^0xa0761d6478bd642f, 0xe7037ed1a0b428db)
	return hi ^ lo
}

// agentOf returns the Agent of slot s, compiling it on first use. It is
// kept whole unless that would pass the document's bound (see keep), and
// else made of parts.
func (x *agentIndex) agentOf(s *agentSlot) *Agent {
	a := s.agent.Load()
	if a == nil {
		var held int64
		a, held = x.compile(s)
		if !s.agent.CompareAndSwap(nil, a) {
			x.held.Add(-held)
			a = s.agent.Load()
		}
	}
	return a
}

// compile builds the Agent for the groups of one slot, and returns what it
// adds to the count of what the document's Agents hold, which agentOf takes
// back if another goroutine's Agent is kept instead: its compiled rules and
// signals, and its own size (for the fallback, less its estimate, if bound
// counted it first). Groups compiled for parts are counted too, and
// not returned: they are kept for every Agent made of parts.
func (x *agentIndex) compile(s *agentSlot) (*Agent, int64) {
	if s.like != nil {
		like := x.agentOf(s.like)
		x.bound()
		if !x.keep(viewHeld) {
			// Past the bound, s keeps like's own Agent, which answers
			// alike: only the views of the tokens last asked for, which
			// find an Agent by its token, pass it by.
			return like, 0
		}
		v := *like // its rules, delay and signals, under s's token
		v.key, v.token = s.tokenKey, s.token
		return &v, viewHeld
	}
	a := &Agent{key: s.tokenKey, token: s.token, groups: s.groups}
	for _, gi := range s.groups {
		if d := x.groups[gi].CrawlDelay; d > 0 {
			a.delay = max(a.delay, d)
			a.hasDelay = true
		}
	}
	// Whether the Agent may be compiled whole is decided by an estimate
	// from each group's totals, before anything is merged (see estimate);
	// what it then holds is counted as compiled. The fallback is compiled
	// whole, and counted as bound says.
	var est int64
	if s != &x.fallback {
		x.bound()
		est = x.estimate(s.groups)
		if !x.keep(est) {
			// Made of parts. Its Content-Signal is merged when asked
			// for: kept, it would hold the entries of its groups once a
			// token.
			a.parts = x.parts(s.groups)
			a.signals, a.signalsOf = nil, x.signalSource
			held := int64(len(a.parts))*int64(unsafe.Sizeof(agentPart{})) + viewHeld
			x.held.Add(held)
			return a, held
		}
	}
	a.signals = mergeSignals(x.signalSource, s.groups)
	a.rules, a.refs = compileRules(x.groups, s.groups, x.linesOf, 0)
	held := wholeHeld(a)
	if s == &x.fallback {
		return a, x.countFallback(held)
	}
	x.held.Add(held - est) // the estimate counted already
	return a, held
}

// estimate returns what an Agent of the given groups would hold, counted
// from each group's totals before anything is merged: merging first, and
// only then finding the bound passed, made each of many tokens sharing a
// group of many Content-Signal keys or rules cost all of them, so that
// asking a document as each of its tokens took time quadratic in its size.
// The count of signal entries is an upper bound (a key several groups hold
// counts once for each), so that what kept Agents merge stays within what
// the bound allows, and linear.
func (x *agentIndex) estimate(groups []int) int64 {
	held := int64(agentHeld)
	signals := 0
	for _, gi := range groups {
		held += x.ruleHeld[gi]
		signals += len(x.groups[gi].ContentSignals)
	}
	if signals > 0 {
		held += heldBy(nil, signals+len(x.signalSource.doc))
	}
	return held
}

// parts returns the parts of an Agent of the given groups: each group's
// rules compiled on their own, once for every Agent made of parts. They are
// compiled past the bound, since they hold the document's rules once at
// most, and counted, so that the bound leaves less room to Agents compiled
// whole.
func (x *agentIndex) parts(groups []int) []agentPart {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.byGroup == nil {
		x.byGroup = make([]*groupRules, len(x.groups))
		// Each rule makes two specs at most (see ruleSpecs).
		x.orderFrom = make([]int32, len(x.groups))
		var n int32
		for gi, g := range x.groups {
			x.orderFrom[gi] = n
			n += 2 * int32(len(g.Rules))
		}
	}
	var parts []agentPart
	var from int32
	for _, gi := range groups {
		g := x.byGroup[gi]
		if g == nil {
			g = &groupRules{}
			g.rules, g.refs = compileRules(x.groups, []int{gi}, x.linesOf, x.orderFrom[gi])
			x.byGroup[gi] = g
			// Held once for all Agents made of parts, and counted, though
			// always compiled: an Agent compiled whole then has less room.
			x.held.Add(compiledHeld(&g.rules, g.refs))
		}
		if !g.rules.empty() {
			parts = append(parts, agentPart{group: g, from: from})
			from += int32(len(g.refs))
		}
	}
	return parts
}

// linesOf returns the source lines of group gi's rules, or nil where they
// are not known: a group not as Parse made it when the index was made, or
// one whose rules have been changed in place since.
func (x *agentIndex) linesOf(gi int) []int32 {
	if l := x.lines[gi]; l != nil && rulesSum(x.groups[gi].Rules, x.text) == x.sums[gi] {
		return l
	}
	return nil
}

// compileRules compiles the rules of the given groups, counting their order
// from first (see newRuleSet), and returns where each came from.
func compileRules(doc []Group, groups []int, linesOf func(gi int) []int32, first int32) (ruleSet, []ruleRef) {
	sc := compileScratches.Get().(*compileScratch)
	specs, refs := ruleSpecs(sc.specs[:0], doc, groups, linesOf)
	rules := sc.ruleSet(specs, first)
	clear(specs) // their patterns are the document's: the pool must not keep it
	sc.specs = specs
	sc.release()
	return rules, refs
}

// ruleSpecs appends to specs the rules of the given groups, in document
// order and with Google's index.html rule added, and returns where each came
// from: a spec's ref indexes refs. linesOf, when not nil, gives a group's
// source lines, or nil where they are not known.
func ruleSpecs(specs []ruleSpec, doc []Group, groups []int, linesOf func(gi int) []int32) ([]ruleSpec, []ruleRef) {
	// refs is sized exactly, since an Agent keeps it (as
	// compileScratch.ruleSet sizes the rules it keeps); specs, which it does
	// not, is grown for rules without an index file.
	n := 0
	for _, gi := range groups {
		n += len(doc[gi].Rules)
	}
	specs = slices.Grow(specs, n)
	refs := make([]ruleRef, 0, n)
	for _, gi := range groups {
		var lines []int32
		if linesOf != nil {
			lines = linesOf(gi)
		}
		for ri, rule := range doc[gi].Rules {
			ref := ruleRef{pattern: rule.Pattern, group: int32(gi)}
			if lines != nil {
				ref.line = lines[ri]
			}
			specs = append(specs, ruleSpec{pattern: rule.Pattern, allow: rule.Allow, ref: int32(len(refs))})
			if dir, ok := indexFileDir(rule); ok {
				specs = append(specs, ruleSpec{pattern: dir, allow: true, ref: int32(len(refs))})
			}
			refs = append(refs, ref)
		}
	}
	return specs, refs
}

// A deadRule is a rule that decides no query (see neverDecide), with a
// rule that outranks it wherever it matches, for every agent it applies
// to: Groups[by].Rules[byRule], whose pattern byPattern stands for it there
// (its own, or the directory Google's index.html rule adds to it).
type deadRule struct {
	group, rule int
	by, byRule  int
	byPattern   string
}

// An agentGroups is the groups that apply to an agent together, named by
// one of the product tokens they apply to, or "*" for the groups of the
// agents no group names.
type agentGroups struct {
	agent  string
	groups []int
	setup  int // the work of making its rules ready to compare
}

// ruleSetupWork is what deadRules counts for making ready to compare a
// rule of a set, in neverDecide's units of work, beside an octet of its
// pattern: compiling it, and sorting its words.
const ruleSetupWork = 256

// deadRules returns the rules of r that decide no query, in document order:
// those that, in a set of groups an agent may get, have a cover whose group
// is in every set the rule's group is in. (Rules keep their order from set
// to set, so a cover in one set covers in every set that holds both.) Rules
// of a group that names no agent are in no set and left out.
//
// It takes at most about budget units of work (see neverDecide), the sets
// that take least work to make ready first (about: the fewest rules, each
// weighed with its pattern's length): partial holds the sets it compared only
// in part, and skipped those it did not compare, for want of them; their
// rules are reported only where a cover turned up in another set.
func deadRules(r *Robots, budget int) (dead []deadRule, partial, skipped []agentGroups) {
	x := newAgentIndex(r)
	setup := make([]int, len(r.Groups))
	for gi, g := range r.Groups {
		for _, rule := range g.Rules {
			setup[gi] += ruleSetupWork + len(rule.Pattern)
		}
	}
	sets := make([]agentGroups, 0, len(x.slots)+1)
	add := func(agent string, groups []int) {
		set := agentGroups{agent: agent, groups: groups}
		for _, gi := range groups {
			set.setup += setup[gi]
		}
		sets = append(sets, set)
	}
	if len(x.fallback.groups) > 0 {
		add("*", x.fallback.groups)
	}
	for i := range x.slots {
		if x.slots[i].like == nil {
			add(x.slots[i].token, x.slots[i].groups)
		}
	}
	slices.SortStableFunc(sets, func(a, b agentGroups) int { return cmp.Compare(a.setup, b.setup) })
	// The sets each group is in, ascending, and for each rule, flattened
	// in document order, the covers found for it.
	setsOf := make([][]int, len(r.Groups))
	for si, set := range sets {
		for _, gi := range set.groups {
			setsOf[gi] = append(setsOf[gi], si)
		}
	}
	base := make([]int, len(r.Groups)+1)
	for gi, g := range r.Groups {
		base[gi+1] = base[gi] + len(g.Rules)
	}
	type where struct{ group, rule int }
	type coverBy struct {
		where
		pattern string // the spec's
	}
	by := make([][]coverBy, base[len(r.Groups)])
	// Which covers by holds: a rule of a group many agents share can have
	// one in each of their sets, and looking for each along by's list
	// made the work grow with the square of their number.
	type ruleCover struct {
		rule int
		by   where
	}
	held := make(map[ruleCover]bool)
	var at []where
	for _, set := range sets {
		if set.setup > budget {
			skipped = append(skipped, set)
			continue
		}
		budget -= set.setup
		specs, _ := ruleSpecs(nil, r.Groups, set.groups, nil)
		covers, left, complete := neverDecide(specs, budget)
		if budget = left; !complete {
			partial = append(partial, set)
		}
		at = at[:0]
		for _, gi := range set.groups {
			for ri := range r.Groups[gi].Rules {
				at = append(at, where{gi, ri})
			}
		}
		// A rule is covered when each of its specs is, by specs of one rule
		// (see ruleSpecs: the specs of a rule are together, in rule order).
		for i := 0; i < len(specs); {
			j := i + 1
			for j < len(specs) && specs[j].ref == specs[i].ref {
				j++
			}
			all := covers[i] >= 0
			for k := i + 1; k < j; k++ {
				all = all && covers[k] >= 0 && specs[covers[k]].ref == specs[covers[i]].ref
			}
			if all {
				w, c := at[specs[i].ref], specs[covers[i]]
				n, cw := base[w.group]+w.rule, at[c.ref]
				if key := (ruleCover{n, cw}); !held[key] {
					held[key] = true
					by[n] = append(by[n], coverBy{cw, c.pattern})
				}
			}
			i = j
		}
	}
	for gi, g := range r.Groups {
		for ri := range g.Rules {
			for _, c := range by[base[gi]+ri] {
				if isSubset(setsOf[gi], setsOf[c.group]) {
					dead = append(dead, deadRule{gi, ri, c.group, c.rule, c.pattern})
					break
				}
			}
		}
	}
	return dead, partial, skipped
}

// isSubset reports whether every element of a, ascending, is in b,
// ascending.
func isSubset(a, b []int) bool {
	for _, x := range a {
		i, found := slices.BinarySearch(b, x)
		if !found {
			return false
		}
		b = b[i+1:]
	}
	return true
}

// indexFileDir implements Google's index.html rule: an Allow pattern whose
// last segment is index.htm or index.html, anchored or not, also allows its
// directory, exactly. The segment is compared in canonical form, as patterns
// are matched (SPEC §1: percent-encoding normalised on both sides), so
// "/d/%69ndex.html" names the index file too; '/' itself is never an escape
// (%2F stays distinct), so the directory ends at the pattern's last '/'.
func indexFileDir(rule Rule) (string, bool) {
	if !rule.Allow {
		return "", false
	}
	p := strings.TrimSuffix(rule.Pattern, "$")
	slash := strings.LastIndexByte(p, '/')
	if slash < 0 {
		return "", false
	}
	name := p[slash+1:]
	if needsCanonical(name) {
		name = string(appendCanonicalPath(nil, name))
	}
	if name != "index.html" && name != "index.htm" {
		return "", false
	}
	return p[:slash+1] + "$", true
}

// ruleLines returns, per group of r, the source lines of its rules, or nil
// for a group whose rules are not the ones Parse produced (a Robots built or
// edited in code), and, where it knows the lines, the group's rulesSum.
func ruleLines(r *Robots) (lines [][]int32, sums []uint64) {
	lines = make([][]int32, len(r.Groups))
	sums = make([]uint64, len(r.Groups))
	for i := range r.Groups {
		lines[i], sums[i] = groupLines(r, i)
	}
	return lines, sums
}

// groupLines returns the source lines of group i's rules and their rulesSum,
// or nil and 0 when they are not known.
func groupLines(r *Robots, i int) ([]int32, uint64) {
	g := &r.Groups[i]
	if len(r.ruleStore) == 0 || len(g.Rules) == 0 {
		return nil, 0
	}
	// Where the group's rules are in the parsed array, if they are there
	// (groups may have been moved about, or added in code); then, if they
	// are still the rules of a parsed group, as Parse put them: a rule
	// changed in place changes the sum.
	store := uintptr(unsafe.Pointer(&r.ruleStore[0]))
	at := int((uintptr(unsafe.Pointer(&g.Rules[0])) - store) / unsafe.Sizeof(Rule{}))
	if at >= len(r.ruleStore) || &r.ruleStore[at] != &g.Rules[0] {
		return nil, 0
	}
	k, found := slices.BinarySearchFunc(r.parsed, at, func(p parsedRules, at int) int { return cmp.Compare(p.at, at) })
	if !found || rulesSum(g.Rules, r.text) != r.parsed[k].sum {
		return nil, 0
	}
	return r.ruleLines[at : at+len(g.Rules)], r.parsed[k].sum
}

// sourceLines returns a line for every rule MarshalText writes for r, in the
// order it writes them: the rule's source line where ruleLines knows it, 0
// where it does not (a rule built or changed in code, and the empty
// "Disallow:" MarshalText adds to a group with no rules that is not the
// last). With restoreSourceLines, it carries Decision.Line across a
// MarshalText and UnmarshalText round trip, which would otherwise count
// lines of the written text: so it has lines, zeros if need be, whenever
// that text has rules.
func sourceLines(r *Robots) []int32 {
	known, _ := ruleLines(r)
	var lines []int32
	for i, g := range r.Groups {
		switch {
		case known[i] != nil:
			lines = append(lines, known[i]...)
		case writesEmptyRule(r.Groups, i):
			lines = append(lines, 0)
		default:
			lines = append(lines, make([]int32, len(g.Rules))...)
		}
	}
	return lines
}

// restoreSourceLines gives the rules of r, as UnmarshalText has just read
// them from MarshalText's text, the lines sourceLines returned for the
// document that text was written from. Lines that do not fit, other than
// one line, 0 or more, for each rule, leave every rule's line unknown (0)
// rather than name lines of the text, and it reports false.
func restoreSourceLines(r *Robots, lines []int32) bool {
	// r.ruleLines is UnmarshalText's own, and no Agent has read it yet.
	fits := len(lines) == len(r.ruleLines) && !slices.ContainsFunc(lines, func(line int32) bool { return line < 0 })
	if fits {
		copy(r.ruleLines, lines)
	} else {
		clear(r.ruleLines)
	}
	return fits
}

// parsedRules is where Parse put the rules of a group that has any in
// Robots.ruleStore, and their rulesSum then.
type parsedRules struct {
	at  int
	sum uint64
}

// rulesSum sums up rules by what a change to them changes: their number,
// and each rule's Allow and the address and length of its Pattern, in
// order. No octet is read: a pattern set anew is a string elsewhere, since
// the Robots keeps the text parsed patterns are cut from (no string can be
// made where it lies). Addresses are taken from the start of that text, so
// that two parses of one document hold the same sums and reflect.DeepEqual
// finds them equal.
func rulesSum(rules []Rule, text string) uint64 {
	base := uintptr(unsafe.Pointer(unsafe.StringData(text)))
	h := uint64(len(rules))
	for _, rule := range rules {
		w := uint64(len(rule.Pattern)) << 1
		if rule.Allow {
			w |= 1
		}
		h = mix(mix(h, uint64(uintptr(unsafe.Pointer(unsafe.StringData(rule.Pattern)))-base)), w)
	}
	return h
}

// mergeSignals merges the document's Content-Signal with those of groups,
// from src: the document's own map when the groups have none.
func mergeSignals(src *signalSource, groups []int) map[string]bool {
	fromGroups := make(map[string]bool)
	for _, gi := range groups {
		for k, v := range src.groups[gi].ContentSignals {
			if old, ok := fromGroups[k]; ok {
				v = old && v // "no" wins between groups
			}
			fromGroups[k] = v
		}
	}
	if len(fromGroups) == 0 {
		return src.doc // shared by every Agent, which never changes it
	}
	merged := maps.Clone(src.doc)
	if merged == nil {
		merged = make(map[string]bool, len(fromGroups))
	}
	maps.Copy(merged, fromGroups)
	return merged
}

// IsAllowed reports whether the agent may fetch rawURL; see
// Robots.IsAllowed for the rules.
func (a *Agent) IsAllowed(rawURL string) bool {
	allowed, _ := a.decide(rawURL, true)
	return allowed
}

// Explain is IsAllowed with the evidence; see Robots.Explain.
func (a *Agent) Explain(rawURL string) Decision {
	allowed, rule := a.decide(rawURL, false)
	d := Decision{Allowed: allowed, Group: -1}
	switch {
	case rule >= 0:
		ref := a.ref(rule)
		d.Reason = ReasonRule
		d.Rule = Rule{Allow: allowed, Pattern: ref.pattern}
		d.Line = int(ref.line)
		d.Group = int(ref.group)
	case !allowed:
		d.Reason = ReasonInvalidURL
	default:
		if path, ok := requestPath(rawURL); ok && isRobotsTxt(path) {
			d.Reason = ReasonRobotsTxt
		}
	}
	if a != nil && a.verdict != 0 && (d.Reason == ReasonRule || d.Reason == ReasonNoMatch) {
		// An Outcome's status decided, not the rule that carries it out.
		return Decision{Allowed: allowed, Reason: a.verdict, Group: -1}
	}
	return d
}

// CrawlDelay returns the agent's Crawl-delay; see Robots.CrawlDelay.
func (a *Agent) CrawlDelay() (time.Duration, bool) {
	if a == nil {
		return 0, false
	}
	return a.delay, a.hasDelay
}

// ContentSignals returns the agent's Content-Signal preferences; see
// Robots.ContentSignalsFor. The map is the caller's to keep.
func (a *Agent) ContentSignals() map[string]bool {
	if a == nil {
		return nil
	}
	if a.signalsOf != nil {
		signals := mergeSignals(a.signalsOf, a.groups)
		return maps.Clone(signals)
	}
	return maps.Clone(a.signals)
}

// decide returns the verdict for rawURL and the index in refs of the rule
// that decided it, -1 when none did. With verdictOnly, the rule is one of
// the deciding rule's verdict, which may not be the deciding one (see
// best).
func (a *Agent) decide(rawURL string, verdictOnly bool) (bool, int32) {
	path, ok := requestPath(rawURL)
	if !ok {
		return false, -1
	}
	if a == nil || isRobotsTxt(path) || a.rules.empty() && a.parts == nil {
		return true, -1
	}
	ref, key := a.best(path, verdictOnly)
	return allows(ref, key), ref
}

// bestOfParts is best for an Agent made of parts: the best rule of each
// part's, for a canonical path.
func bestOfParts(parts []agentPart, path []byte) (int32, rankKey) {
	ref, key := int32(-1), rankKey(0)
	for i := range parts {
		p := &parts[i]
		if r, k, _ := best(&p.group.rules, path, false); r >= 0 && k > key {
			ref, key = p.from+r, k
		}
	}
	return ref, key
}

// ref returns the ruleRef of a decision's ref.
func (a *Agent) ref(ref int32) ruleRef {
	if a.parts == nil {
		return a.refs[ref]
	}
	// The part whose refs start at or before ref, the last one.
	i, _ := slices.BinarySearchFunc(a.parts, ref+1, func(p agentPart, ref int32) int { return cmp.Compare(p.from, ref) })
	p := &a.parts[i-1]
	return p.group.refs[ref-p.from]
}

// best finds the rule that decides path, or with verdictOnly one of its
// verdict (see the matcher's best). Most paths are matched where they
// lie, in the caller's string: the octets the walk down the rules' trie
// reads must be canonical, and the rest only when a wildcard rule may match
// it. Any other path is rewritten, canonical, into a buffer on the stack
// (512 B, or 8 KiB in the larger frame of bestLarge); only one longer than
// that borrows a pooled buffer, which the runtime may take back at a garbage
// collection, and which is then made again. That, and the same for the
// tried marks of a scan over more than 4,096 wildcard rules (scanPooled),
// are the only allocations a query can make.
//
// A short path holding a '%' is rewritten before it is matched at all: an
// escape is the usual reason a path is not canonical, and rewriting a short
// path costs less than a walk that stops at the escape and is then done
// again. A long one is tried in place first, since its escapes are most
// often in a query string that the walk never reaches. An Agent made of
// parts, whose own rules are empty, always rewrites the path, which its
// parts' walks then read each.
func (a *Agent) best(path string, verdictOnly bool) (int32, rankKey) {
	// Rewriting makes a path at most three times longer, plus a leading '/'.
	small := 3*len(path)+1 <= smallPathBuffer
	if path[0] == '/' && !a.rules.empty() && (!small || strings.IndexByte(path, '%') < 0) {
		if ref, key, ok := best(&a.rules, path, verdictOnly); ok {
			return ref, key
		}
	}
	if !small {
		return a.bestLarge(path, verdictOnly)
	}
	var buf [smallPathBuffer]byte
	return a.bestCanonical(appendRequestPath(buf[:0], path), verdictOnly)
}

//go:noinline
func (a *Agent) bestLarge(path string, verdictOnly bool) (int32, rankKey) {
	if n := canonicalLen(path) + 1; n > largePathBuffer {
		return a.bestPooled(path, n, verdictOnly)
	}
	var buf [largePathBuffer]byte
	return a.bestCanonical(appendRequestPath(buf[:0], path), verdictOnly)
}

// bestPooled is best for a path of n octets canonical, in a buffer borrowed
// from longPaths.
func (a *Agent) bestPooled(path string, n int, verdictOnly bool) (int32, rankKey) {
	buf := borrow[byte](&longPaths, n)
	*buf = appendRequestPath((*buf)[:0], path)
	ref, key := a.bestCanonical(*buf, verdictOnly)
	longPaths.Put(buf)
	return ref, key
}

// bestCanonical is best for a canonical path: by the Agent's rules, or by
// its parts when it is made of parts.
func (a *Agent) bestCanonical(path []byte, verdictOnly bool) (int32, rankKey) {
	if a.rules.empty() {
		return bestOfParts(a.parts, path)
	}
	ref, key, _ := best(&a.rules, path, verdictOnly)
	return ref, key
}

// The sizes, in octets, of the buffers paths are canonicalised into.
const (
	smallPathBuffer = 512
	largePathBuffer = 8192
)

var longPaths = sync.Pool{New: func() any { return new([]byte) }}

// appendRequestPath appends the canonical form of a path from requestPath.
func appendRequestPath(dst []byte, path string) []byte {
	if path[0] != '/' {
		dst = append(dst, '/') // an absolute URL with an empty path and a query
	}
	return appendCanonicalPath(dst, path)
}

// isRobotsTxt reports whether a path from requestPath is /robots.txt, which
// RFC 9309 §2.2.2 implicitly allows, compared as rules are: after
// normalisation, so that /robots%2Etxt is it too.
func isRobotsTxt(path string) bool {
	const robotsTxt = "/robots.txt"
	if path == robotsTxt {
		return true
	}
	// Each octet of the canonical form comes from one octet of path, or
	// three (an escape decoded), or is part of an escape written, which
	// /robots.txt has none of: so path has 11 to 33 octets, starts with '/'
	// (%2F is not decoded) and ends with 't' or "%74". That rules out
	// almost every escaped path before it is rewritten. Rewriting makes it
	// at most three times longer, which the buffer allows for.
	if len(path) < len(robotsTxt) || len(path) > 3*len(robotsTxt) || path[0] != '/' ||
		path[len(path)-1] != 't' && !strings.HasSuffix(path, "%74") || strings.IndexByte(path, '%') < 0 {
		return false
	}
	var buf [3 * 3 * len(robotsTxt)]byte
	return string(appendCanonicalPath(buf[:0], path)) == robotsTxt
}

// schemeLen returns the length of the scheme s starts with, without its
// ':', or 0 when it starts with none (RFC 3986 §3.1: scheme = ALPHA *(
// ALPHA / DIGIT / "+" / "-" / "." )).
func schemeLen(s string) int {
	if s == "" || urlOctets[s[0]]&schemeFirst == 0 {
		return 0
	}
	i := 1
	for i < len(s) && urlOctets[s[i]]&schemeRest != 0 {
		i++
	}
	return i
}

// requestPath returns what rawURL asks a server for: for an absolute URL its
// path and query (which may start with '?' when the path is empty), for a
// /-rooted path the path itself. It reports false for anything else.
func requestPath(rawURL string) (string, bool) {
	if strings.HasPrefix(rawURL, "/") {
		return rawURL, true
	}
	i := schemeLen(rawURL)
	if i == 0 || !strings.HasPrefix(rawURL[i:], "://") {
		return "", false
	}
	rest := rawURL[i+3:]
	n, ok := authorityLen(rest)
	if !ok || n == 0 {
		// No host: "http:///x" is no URL to net/url (RFC 9110 §4.2.1), and
		// a browser reads it as http://x/.
		return "", false
	}
	rest = rest[n:]
	if hash := strings.IndexByte(rest, '#'); hash >= 0 {
		rest = rest[:hash]
	}
	if rest == "" {
		return "/", true
	}
	return rest, true
}

// authorityLen returns the length of the authority that s, the text after
// "scheme://", starts with: it runs to the first '/', '?' or '#'
// (RFC 3986 §3.2). It reports false when the authority holds an ASCII octet
// that none may hold (a space, a control, '\', '|', ...): such text is no
// URL, and read as one it would cut the path short where a browser would
// not ("http://e.com\private" is "/private" to a browser, and to net/url an
// error). Non-ASCII octets are let through, for hosts written as IRIs. An
// authority that holds ':', '@', '[', ']', '%' or a non-ASCII octet must
// also be one net/url takes, and name a host (see validAuthority).
func authorityLen(s string) (int, bool) {
	var classes uint8
	n := 0
	for ; n < len(s); n++ {
		c := urlOctets[s[n]]
		if c&authorityEnd != 0 {
			break
		}
		classes |= c
	}
	if classes&notInAuthority != 0 {
		return n, false
	}
	return n, classes&(authorityMark|nonASCII) == 0 || validAuthority(s[:n])
}

// validAuthority reports whether an authority, of octets RFC 3986 lets an
// authority hold, names an origin as net/url and RobotsURL read it
// (RFC 3986 §3.2.1-3): userinfo, if any, of the octets net/url takes in it,
// its escapes well formed; a host that is not empty, in brackets if it holds
// a colon, then an IPv6 address (RFC 6874: with a zone after %25, not empty);
// with no escape but %25 and those of non-ASCII octets outside brackets; and
// a port, if any, of digits, at most 65535; and a host with non-ASCII
// octets, raw or escaped, must be UTF-8 and have an ASCII form (see
// asciiHost). "http://:80/x", "http://@/x", "http://e.com:abc/x",
// "http://[::1/x", "http://[zz]/x", "http://%zz@e.com/x", "http://e%41.com/x"
// and "http://%FF/x" are not URLs a crawler can fetch. It reads the
// authority in place, allocating nothing.
func validAuthority(a string) bool {
	if at := strings.LastIndexByte(a, '@'); at >= 0 {
		if !validUserinfo(a[:at]) {
			return false
		}
		a = a[at+1:]
	}
	host, port := a, ""
	if strings.HasPrefix(a, "[") {
		// The last ']' closes the literal, as net/url reads it: a zone may
		// hold one.
		end := strings.LastIndexByte(a, ']')
		if end < 0 {
			return false
		}
		host, port = a[1:end], a[end+1:]
		if port != "" {
			if port[0] != ':' {
				return false
			}
			port = port[1:]
		}
		if !validIPLiteral(host) {
			return false
		}
	} else {
		if colon := strings.LastIndexByte(a, ':'); colon >= 0 {
			host, port = a[:colon], a[colon+1:]
		}
		if host == "" || strings.ContainsAny(host, ":[]") {
			return false
		}
		plain := true // ASCII, without escapes
		for i := 0; i < len(host); i++ {
			if host[i] >= utf8.RuneSelf {
				plain = false
			}
			if host[i] != '%' {
				continue
			}
			if v, ok := escapeAt(host, i); !ok || v < 0x80 && v != '%' {
				return false
			}
			plain = false
			i += 2
		}
		if !plain && !hasASCIIForm(host) {
			return false
		}
	}
	n := 0
	for i := 0; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return false
		}
		if n = n*10 + int(port[i]-'0'); n > 65535 {
			return false // no origin has it (see RobotsURL)
		}
	}
	return true
}

// validUserinfo reports whether s, the userinfo before an authority's last
// '@', is one net/url takes: ASCII letters, digits, escapes of two hex digits,
// and "-._~!$&'()*+,;=:@".
func validUserinfo(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '%':
			if _, ok := escapeAt(s, i); !ok {
				return false
			}
			i += 2
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case strings.IndexByte("-._~!$&'()*+,;=:@", c) < 0:
			return false
		}
	}
	return true
}

// validIPLiteral reports whether s, the text between an authority's
// brackets, is an IPv6 address (not an IPv4 one), optionally with a zone
// after %25 (RFC 6874) that is not empty and whose escapes are well formed
// and stand for octets a host could hold as they are: net/url refuses the
// rest, and RobotsURL also '"', '<', '>', '[' and non-ASCII octets.
func validIPLiteral(s string) bool {
	// The first '%' must start the zone: the address holds none. (Not
	// strings.Index, whose arguments escape in some builds: see index.)
	if zone := strings.IndexByte(s, '%'); zone >= 0 {
		if !strings.HasPrefix(s[zone:], "%25") {
			return false
		}
		z := s[zone+3:]
		if z == "" {
			return false
		}
		for i := 0; i < len(z); i++ {
			switch c := z[i]; {
			case c == '[':
				return false
			case c == '%':
				v, ok := escapeAt(z, i)
				if !ok || v < ' ' || v >= 0x7f || strings.IndexByte("#/?@\\^`{|}\"<>[", v) >= 0 {
					return false
				}
				i += 2
			case c >= utf8.RuneSelf:
				return false // not even escaped (see validHost)
			}
		}
		s = s[:zone]
	}
	return isIPv6(s)
}

// isIPv6 reports whether s, which holds no zone, is an IPv6 address as
// netip.ParseAddr reads one (RFC 4291 §2.2): eight groups of one to four hex
// digits, or fewer and one "::" that stands for at least one group of
// zeros, the last two groups perhaps a dotted IPv4 address without leading
// zeros. It is written out rather than calling ParseAddr, which keeps a
// zone and so takes its argument to escape: every URL given to IsAllowed
// then escaped with it, and a caller's short URL made on the stack
// ("/p/" + id, string(b)) was moved to the heap. FuzzIsIPv6 holds it to
// ParseAddr.
func isIPv6(s string) bool {
	ellipsis := strings.HasPrefix(s, "::")
	if ellipsis {
		s = s[2:]
		if s == "" {
			return true
		}
	}
	n := 0 // the octets of the address read
	for n < 16 {
		digits := 0
		for digits < len(s) && isHex(s[digits]) {
			if digits++; digits > 4 {
				return false
			}
		}
		if digits == 0 {
			return false
		}
		if digits < len(s) && s[digits] == '.' {
			// The last 4 octets, from the group's first digit on. (So
			// an IPv4 address, which ParseAddr does not read as IPv6,
			// is refused for falling short with no "::".)
			return n <= 12 && isIPv4(s) && (n+4 < 16) == ellipsis
		}
		n += 2
		s = s[digits:]
		if s == "" {
			break
		}
		if s[0] != ':' || len(s) == 1 {
			return false
		}
		s = s[1:]
		if s[0] == ':' {
			if ellipsis {
				return false
			}
			ellipsis = true
			s = s[1:]
			if s == "" {
				break
			}
		}
	}
	// All of s read, and "::" there exactly when the groups fall short.
	return s == "" && (n < 16) == ellipsis
}

// isIPv4 reports whether s is four decimal octets, each 0 to 255 without
// leading zeros, separated by dots: the IPv4 address netip.ParseAddr reads.
func isIPv4(s string) bool {
	for field := range 4 {
		if field > 0 {
			if s == "" || s[0] != '.' {
				return false
			}
			s = s[1:]
		}
		v, digits := 0, 0
		for digits < len(s) && isDigit(s[digits]) {
			if digits == 1 && v == 0 {
				return false // a leading zero
			}
			v = v*10 + int(s[digits]-'0')
			if digits++; v > 255 {
				return false
			}
		}
		if digits == 0 {
			return false
		}
		s = s[digits:]
	}
	return s == ""
}

// urlOctets classifies the octets requestPath looks for.
var urlOctets = func() (t [256]uint8) {
	for c := range t {
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			t[c] = schemeFirst | schemeRest
		case '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.':
			t[c] = schemeRest
		case c == '/' || c == '?' || c == '#':
			t[c] = authorityEnd
		case c < 0x80 && !strings.ContainsRune("_~!$&'()*,;=:@[]%", rune(c)):
			// RFC 3986 §3.2: an authority holds unreserved octets,
			// escapes, sub-delims, ':', '@', '[' and ']' (letters,
			// digits, '+', '-' and '.' are the cases above).
			t[c] = notInAuthority
		case strings.IndexByte(":@[]%", byte(c)) >= 0:
			t[c] = authorityMark
		case c >= utf8.RuneSelf:
			t[c] = nonASCII
		}
	}
	return t
}()

const (
	schemeFirst = 1 << iota
	schemeRest
	authorityEnd
	notInAuthority
	authorityMark // an octet after which an authority needs a closer look
	nonASCII      // an octet of a host written as an IRI, which needs one too
)
