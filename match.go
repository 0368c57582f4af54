package robots

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync"
	"unsafe"
)

// This file holds the matcher: octets in, a verdict out. It knows nothing of
// documents, agents or HTTP. Paths and patterns are brought to one canonical
// form (canonical octets), patterns are compiled into literal segments split
// at their wildcards, and the rules of one agent are indexed by the literal
// prefix every match must start with, so a query walks a radix trie instead
// of testing every rule.

// Octet classes for canonicalisation. RFC 9309 §2.2.2 asks that octets
// outside the unreserved and reserved sets of RFC 3986 §2.2-2.3 be
// percent-encoded before comparing; RFC 3986 §6.2.2 adds that hex digits
// compare case-insensitively and that escapes of unreserved characters equal
// the characters themselves.
const (
	octetKeep    = iota // unreserved or reserved: compared as it is (zero: see needsCanonical)
	octetEscape         // anything else: written as %XX
	octetPercent        // '%': an escape, or a lone '%' written as %25
)

var octetClasses = func() (t [256]uint8) {
	for c := range t {
		t[c] = octetEscape
	}
	for _, c := range []byte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~" + // unreserved
		":/?#[]@" + "!$&'()*+,;=") { // reserved: gen-delims, sub-delims
		t[c] = octetKeep
	}
	t['%'] = octetPercent
	return t
}()

const upperHex = "0123456789ABCDEF"

// appendEscape appends the canonical escape of c: '%' and two upper-case
// hex digits.
func appendEscape(dst []byte, c byte) []byte {
	return append(dst, '%', upperHex[c>>4], upperHex[c&15])
}

// escapeAt reports whether s holds a well-formed escape ('%' and two hex
// digits) at i, and the octet it stands for. The matcher's own loops
// (appendCanonicalPath, canonicalLen, appendPattern) test escapes in line
// instead: escapeAt is too large for the compiler to inline, and the first
// two run on every query whose path holds a '%'.
func escapeAt(s string, i int) (byte, bool) {
	if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
		return 0, false
	}
	return unhex(s[i+1])<<4 | unhex(s[i+2]), true
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// decodesEscape reports whether the canonical form writes the escape of v
// as v itself: an unreserved character (RFC 3986 §6.2.2.2), or '*' and '$',
// which paths hold as plain octets and patterns as literals.
func decodesEscape(v byte) bool { return isUnreserved(v) || v == '*' || v == '$' }

func isUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}

// needsCanonical reports whether s differs from its canonical form: the
// common, already-canonical path is matched where it lies instead of being
// rewritten.
func needsCanonical(s string) bool {
	// Eight octets a step, their classes OR'ed, since octetKeep is zero: long
	// query strings are common and almost always already canonical.
	i := 0
	for ; i+8 <= len(s); i += 8 {
		b := s[i : i+8]
		if octetClasses[b[0]]|octetClasses[b[1]]|octetClasses[b[2]]|octetClasses[b[3]]|
			octetClasses[b[4]]|octetClasses[b[5]]|octetClasses[b[6]]|octetClasses[b[7]] != octetKeep {
			return true
		}
	}
	for ; i < len(s); i++ {
		if octetClasses[s[i]] != octetKeep {
			return true
		}
	}
	return false
}

// appendCanonicalPath appends the canonical octets of a URL path (with its
// query) to dst. Escapes of unreserved characters are decoded, other escapes
// get upper-case hex (%2F stays distinct from /), and octets outside the
// unreserved and reserved sets are escaped. '*' and '$' in a path are plain
// octets; their escapes %2A and %24 are decoded to them, because in a
// pattern %2A and %24 are how a literal '*' and '$' are written
// (RFC 9309 §2.2.3), and compiled patterns hold those literals decoded too.
// So '*' and %2A in a path are one octet, as RFC 9309 §2.2.2 has them when
// it compares reserved octets percent-encoded on both sides. SPEC lists only
// unreserved escapes as decoded; read strictly, a pattern's %24 would match
// the path "$" but not the path "%24" it equals, which the fuzz invariant "a
// path equal to a literal pattern matches it" forbids. Two kinds of answer
// differ from the strict reading. A '$' inside a pattern matches a path's
// %24, as RFC 9309 §2.2.2 would have it. And a pattern's text never matches
// the hex digits of a path's %2A or %24, which are one octet here:
// "Disallow: /*2A" refuses "/x2A" but not "/x%2A", where Google's parser,
// which keeps a path's escapes as written, refuses both. Only a pattern
// whose text after a wildcard starts inside such an escape can tell.
//
// A path for which needsCanonical is false is its own canonical form and
// need not be rewritten.
func appendCanonicalPath(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		// Copy a run of octets kept as they are in one go.
		j := i
		for j < len(s) && octetClasses[s[j]] == octetKeep {
			j++
		}
		dst = append(dst, s[i:j]...)
		if i = j; i == len(s) {
			break
		}
		c := s[i]
		switch octetClasses[c] {
		case octetEscape:
			dst = appendEscape(dst, c)
		case octetPercent:
			if i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
				v := unhex(s[i+1])<<4 | unhex(s[i+2])
				if decodesEscape(v) {
					dst = append(dst, v)
				} else {
					dst = appendEscape(dst, v)
				}
				i += 2
			} else {
				dst = append(dst, "%25"...)
			}
		}
	}
	return dst
}

// canonicalLen returns the length of appendCanonicalPath's output for s.
func canonicalLen(s string) int {
	n := len(s)
	for i := 0; i < len(s); i++ {
		switch octetClasses[s[i]] {
		case octetEscape:
			n += 2
		case octetPercent:
			if i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
				if decodesEscape(unhex(s[i+1])<<4 | unhex(s[i+2])) {
					n -= 2
				}
				i += 2
			} else {
				n += 2
			}
		}
	}
	return n
}

// A pattern is a compiled allow or disallow path pattern: literal segments
// that must appear in order, separated by the pattern's '*' wildcards. The
// segments are stored together, each after a NUL, an octet canonical text
// never holds (it would be %00).
type pattern struct {
	lits      []byte // the canonical segments, NUL-separated: prefix[\0seg...]
	prefixLen int32  // octets in the first segment, which every match starts with
	length    int32  // octets in the canonical pattern: its priority (RFC 9309 §2.2.2)
	wild      bool   // the pattern has segments after the prefix
	anchored  bool   // the pattern ended in '$': the last segment must end the path
}

const segmentSep = 0

// appendPattern compiles a pattern as written in a rule, appending its
// segments to dst; the caller sets the pattern's lits to what was appended.
// It reports false for a pattern that can never match: an empty one, or one
// that starts with neither '/' nor '*', since matching starts at the path's
// first octet.
//
// The priority counts octets of the canonical pattern text, so that two
// spellings of one pattern (/~a and /%7Ea) weigh the same; '*' and '$' count
// one each and a literal %2A or %24 three, as written.
func appendPattern(dst []byte, raw string) ([]byte, pattern, bool) {
	if !canMatch(raw) {
		return dst, pattern{}, false
	}
	var p pattern
	if raw[len(raw)-1] == '$' {
		p.anchored = true
		p.length++
		raw = raw[:len(raw)-1]
	}
	start := len(dst)
	p.prefixLen = -1
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case c == '*':
			if p.prefixLen < 0 {
				p.prefixLen = int32(len(dst) - start)
			}
			dst = append(dst, segmentSep)
			p.length++
		case octetClasses[c] == octetKeep: // including a '$' that does not end the pattern: a literal
			// Most of a pattern is such octets: copy their run at once.
			j := i + 1
			for j < len(raw) && octetClasses[raw[j]] == octetKeep && raw[j] != '*' {
				j++
			}
			dst = append(dst, raw[i:j]...)
			p.length += int32(j - i)
			i = j - 1
		case octetClasses[c] == octetEscape:
			dst = appendEscape(dst, c)
			p.length += 3
		case i+2 < len(raw) && isHex(raw[i+1]) && isHex(raw[i+2]):
			v := unhex(raw[i+1])<<4 | unhex(raw[i+2])
			switch {
			case isUnreserved(v):
				dst = append(dst, v)
				p.length++
			case v == '*' || v == '$':
				dst = append(dst, v) // a literal, as canonical paths hold it
				p.length += 3
			default:
				dst = appendEscape(dst, v)
				p.length += 3
			}
			i += 2
		default: // a lone '%'
			dst = append(dst, "%25"...)
			p.length += 3
		}
	}
	// A trailing wildcard adds nothing to what must match ("/a*" and "/a*$"
	// match what "/a" matches): drop it, so that the common case stays a plain
	// prefix. The priority keeps counting it.
	for len(dst) > start && dst[len(dst)-1] == segmentSep {
		dst = dst[:len(dst)-1]
		p.anchored = false
	}
	if p.prefixLen < 0 || int(p.prefixLen) >= len(dst)-start {
		p.prefixLen = int32(len(dst) - start)
	} else {
		p.wild = true
	}
	return dst, p, true
}

// canMatch reports whether a pattern as written can match any path: it is
// not empty, and starts with '/' or '*', as matching starts at a path's
// first octet.
func canMatch[T ~string | ~[]byte](raw T) bool {
	return len(raw) > 0 && (raw[0] == '/' || raw[0] == '*')
}

// patternShape reports, without compiling raw, what appendPattern would
// of it: whether it can match, and whether it compiles to a wildcard
// pattern (one with a literal segment after a '*', once a final '$' and the
// '*'s before it are dropped).
func patternShape(raw string) (ok, wild bool) {
	if !canMatch(raw) {
		return false, false
	}
	raw = strings.TrimRight(strings.TrimSuffix(raw, "$"), "*")
	return true, strings.IndexByte(raw, '*') >= 0
}

// prefix returns the literal segment every match must start with.
func (p *pattern) prefix() []byte {
	return p.lits[:p.prefixLen]
}

// matchRest reports whether the pattern matches path, given that path
// starts with the pattern's prefix, which is depth octets long.
//
// Greedy leftmost matching of each literal segment is exact for patterns
// whose only wildcard is '*': if any placement of the segments fits, the
// leftmost one does, since it leaves the most room for the rest. So a match
// costs one forward substring search per segment: linear in the path for
// each segment, never exponential, whatever the number of wildcards.
func matchRest[T text](p *pattern, path T, depth int) bool {
	rest := path[depth:]
	if !p.wild {
		return !p.anchored || len(rest) == 0
	}
	segs := p.lits[p.prefixLen+1:]
	if p.anchored {
		i := bytes.LastIndexByte(segs, segmentSep)
		tail := segs[i+1:]
		if !hasSuffix(rest, tail) {
			return false
		}
		if i < 0 {
			return true
		}
		rest, segs = rest[:len(rest)-len(tail)], segs[:i]
	}
	for {
		seg, more := segs, false
		if i := bytes.IndexByte(segs, segmentSep); i >= 0 {
			seg, segs, more = segs[:i], segs[i+1:], true
		}
		j := index(rest, seg)
		if j < 0 {
			return false
		}
		if !more {
			return true
		}
		rest = rest[j+len(seg):]
	}
}

// matches reports whether p matches a canonical path.
func matches[T text](p *pattern, path T) bool {
	return hasPrefix(path, p.prefix()) && matchRest(p, path, int(p.prefixLen))
}

// text is what a path to match can be: the caller's string when it is
// already canonical, so that it is read in place, or the bytes it was
// rewritten into.
type text interface{ string | []byte }

// hasPrefix reports whether s starts with prefix. Trie labels and prefixes
// are short, where a loop beats the call to the vectorised comparison.
func hasPrefix[T text](s T, prefix []byte) bool {
	if len(prefix) > len(s) {
		return false
	}
	if len(prefix) > 16 {
		return string(s[:len(prefix)]) == string(prefix)
	}
	for i, c := range prefix {
		if s[i] != c {
			return false
		}
	}
	return true
}

func hasSuffix[T text](s T, suffix []byte) bool {
	return len(s) >= len(suffix) && string(s[len(s)-len(suffix):]) == string(suffix)
}

// index returns the index of the first sep in s, or -1. It finds the
// places sep could start with the vectorised IndexByte and compares at each;
// when those keep failing (a path of 'a's against "aab"), it goes on with
// rabinKarp, so it stays linear in s for any sep.
//
// It does not call strings.Index or bytes.Index: built with profile-guided
// optimisation (go build -pgo) under a profile in which they are hot, as a
// crawler's own can be, Go 1.26 takes their arguments to escape (it inlines
// the standard library's search into them, and does not then see into the
// generic Rabin-Karp it falls back on), so every path rewritten into a
// buffer on the stack moved to the heap, an allocation a query
// (testdata/pgo/README.md).
func index[T text](s T, sep []byte) int {
	n := len(sep)
	switch {
	case n == 0:
		return 0
	case n > len(s):
		return -1
	case n == 1:
		return indexByte(s, sep[0])
	}
	c0, c1 := sep[0], sep[1]
	last := len(s) - n // the last place sep could start
	fails := 0
	for i := 0; i <= last; i++ {
		if s[i] != c0 {
			o := indexByte(s[i+1:last+1], c0)
			if o < 0 {
				return -1
			}
			i += o + 1
		}
		if s[i+1] == c1 && string(s[i:i+n]) == string(sep) {
			return i
		}
		// Going on by hash once the false starts are many (the standard
		// library's threshold: four, and one more for every 16 octets
		// passed) keeps the search fast; once they may have compared
		// more than 4 octets for every octet passed, keeps it linear,
		// however long sep is and however far apart its false starts
		// (each a near match of a period of sep), which the first
		// alone does not.
		if fails++; fails > 4+i>>4 || fails*n > 4*i+64 {
			if j := rabinKarp(s[i+1:], sep); j >= 0 {
				return i + 1 + j
			}
			return -1
		}
	}
	return -1
}

// indexByte is strings.IndexByte for either kind of text. A []byte's
// header starts with a string's (the data pointer, then the length), so s
// is read as a string in place: a type switch instead costs a call and a
// dictionary lookup on every false start of index.
func indexByte[T text](s T, c byte) int {
	return strings.IndexByte(*(*string)(unsafe.Pointer(&s)), c)
}

// rabinKarp is index by a rolling hash of each len(sep) octets of s, modulo
// the prime 2^61-1 under a base drawn at random for the process: linear in
// s, comparing octets only where the hashes agree, and, unlike the standard
// library's fixed hash, with no sep and s that can be made to collide ahead
// of time (two different strings of n octets agree with a probability of at
// most n in 2^61).
func rabinKarp[T text](s T, sep []byte) int {
	n := len(sep)
	if n > len(s) {
		return -1
	}
	var want, h uint64
	out := uint64(1) // base^n, once the loop is done
	for i := range n {
		want = mulAdd61(want, uint64(sep[i]))
		h = mulAdd61(h, uint64(s[i]))
		out = mulAdd61(out, 0)
	}
	want, out = canonical61(want), canonical61(out)
	// leave[c] takes octet c, leaving the window, out of its hash: it is
	// -c*base^n, so that rolling on costs one multiplication.
	var leave [256]uint64
	for c, w := 1, uint64(0); c < len(leave); c++ {
		w = addMod61(w, out)
		leave[c] = mersenne61 - w
	}
	for i := n; ; i++ {
		if canonical61(h) == want && string(s[i-n:i]) == string(sep) {
			return i - n
		}
		if i == len(s) {
			return -1
		}
		h = mulAdd61(h, uint64(s[i])+leave[s[i-n]])
	}
}

// mulAdd61 returns h*base+c modulo 2^61-1 for rabinKarp's base, not always
// reduced: for h below 2^61+4 and c below 2^61+256, it is below 2^61+4
// (h*base has a high word below 2^59, so the sum below stays under 2^64).
// Leaving out the compare that would reduce it takes one from the chain of
// dependent operations from one octet's hash to the next, which is the
// time rabinKarp takes.
func mulAdd61(h, c uint64) uint64 {
	hi, lo := bits.Mul64(h, rkBase)
	// h*base = q*2^61 + r, and 2^61 is 1 modulo 2^61-1.
	x := (hi<<3 | lo>>61) + lo&mersenne61 + c
	return x&mersenne61 + x>>61
}

const mersenne61 = 1<<61 - 1

// rkBase is rabinKarp's base, in [256, 2^61-1).
var rkBase = 256 + rand.Uint64N(mersenne61-256)

// addMod61 returns a+b modulo 2^61-1, for a and b at most 2^61-1.
func addMod61(a, b uint64) uint64 {
	x := a + b
	return canonical61(x&mersenne61 + x>>61)
}

// canonical61 returns x modulo 2^61-1, for x below twice that.
func canonical61(x uint64) uint64 {
	if x >= mersenne61 {
		x -= mersenne61
	}
	return x
}

// A ruleSpec is a rule as the caller gives it to newRuleSet.
type ruleSpec struct {
	pattern string // as written
	allow   bool
	ref     int32 // the caller's reference, kept in the matchRule
}

// A matchRule is a compiled rule with what is needed to rank it and to say
// where it came from.
type matchRule struct {
	pattern
	key        rankKey
	ref        int32 // the caller's reference to the rule
	needleFrom int32 // lits[needleFrom:needleTo] is the longest segment after the prefix,
	needleTo   int32 // which a matching path must hold
}

func (r *matchRule) needle() []byte { return r.lits[r.needleFrom:r.needleTo] }

// A rankKey puts RFC 9309 §2.2.2's precedence in one integer: of the rules
// that match, the longest pattern decides, Allow wins a tie, and the rule
// given first wins a tie of both, so that explanations are deterministic.
// The deciding rule is the matching one with the largest key; zero is no
// rule.
type rankKey uint64

const allowBit = 1 << 31

func makeRankKey(length int32, allow bool, order int32) rankKey {
	k := rankKey(length)<<32 | rankKey(allowBit-1-order)
	if allow {
		k |= allowBit
	}
	return k
}

func (k rankKey) allow() bool { return k&allowBit != 0 }

// setNeedle finds the longest segment after the prefix, the later one of
// equal lengths (a path that lacks a pattern's last segment fails it
// soonest).
func (r *matchRule) setNeedle() {
	if !r.wild {
		return
	}
	for from := r.prefixLen + 1; ; {
		to := int32(len(r.lits))
		if i := bytes.IndexByte(r.lits[from:], segmentSep); i >= 0 {
			to = from + int32(i)
		}
		if to-from >= r.needleTo-r.needleFrom {
			r.needleFrom, r.needleTo = from, to
		}
		if to == int32(len(r.lits)) {
			return
		}
		from = to + 1
	}
}

// A trie is a radix trie laid out in one byte slice, used to find every key
// that is a prefix of a path in one walk down the path. Each node keeps its
// label, its payload (the caller's data for the keys ending there) and its
// child table together, so that a step down the trie touches a cache line or
// two rather than one per array. A node, at the offset its parent's child
// table gives, is:
//
//	label length (uvarint), label octets   the edge from the parent
//	payload length (1 octet), payload      for the keys that end here
//	child count n (2 octets, little-endian), then for up to
//	maxScannedKids children their n first label octets in ascending
//	order and n uint32 offsets of the children; for more, the lowest
//	first octet l and the highest h, then h-l+1 uint32 offsets, the
//	child whose label starts with octet l+i at place i (0: none)
//
// Walking returns the offset just past a node's label; the root's label is
// empty, so the root is at offset 1. The last node is followed by
// trailingPad zero octets, so that a word can be read at any offset.
type trie []byte

const trieRoot = 1

// trailingPad is how many zero octets follow a trie's last node.
const trailingPad = 8

// buildTrie lays out the trie of n sorted keys; key(i) returns the i-th, and
// payload(dst, lo, hi) appends to dst the payload of the node where keys lo
// to hi-1 end (at most 255 octets). It lays it out in sc's buffers, then
// copies it out exactly: the copy is what an Agent keeps.
func (sc *compileScratch) buildTrie(n int, key func(int32) []byte, payload func(dst []byte, lo, hi int32) []byte) trie {
	// About 40 octets a key, so that the layout seldom grows.
	b := &trieBuilder{t: slices.Grow(sc.trie[:0], 40*n+64), key: key, payload: payload, kids: sc.kids[:0]}
	b.node(nil, 0, int32(n), 0)
	t := make(trie, len(b.t)+trailingPad)
	copy(t, b.t)
	sc.trie, sc.kids = b.t, b.kids
	return t
}

type trieBuilder struct {
	t       trie
	key     func(int32) []byte
	payload func(dst []byte, lo, hi int32) []byte
	kids    []kidRun // a stack: each node's children above its ancestors'
}

// A kidRun is one child of a node being laid out: keys lo to hi-1, which
// agree up to depth.
type kidRun struct {
	lo, hi int32
	depth  int
}

// node lays out the node for keys lo to hi-1, which share their first depth
// octets, behind the edge label, and returns its offset.
func (b *trieBuilder) node(label []byte, lo, hi int32, depth int) uint32 {
	at := uint32(len(b.t))
	b.t = binary.AppendUvarint(b.t, uint64(len(label)))
	b.t = append(b.t, label...)
	end := lo
	for end < hi && len(b.key(end)) == depth {
		end++ // shorter keys sort first: these end here
	}
	size := len(b.t)
	b.t = append(b.t, 0)
	if end > lo {
		b.t = b.payload(b.t, lo, end)
		b.t[size] = byte(len(b.t) - size - 1)
	}
	// One child per distinct next octet; its label runs as far as all its
	// keys agree, which for sorted keys is as far as the first and last do.
	// They go on the builder's stack, above those of this node's ancestors,
	// and come off it once laid out.
	base := len(b.kids)
	for i := end; i < hi; {
		c := b.key(i)[depth]
		j := i + 1
		for j < hi && b.key(j)[depth] == c {
			j++
		}
		first, last := b.key(i), b.key(j-1)
		d := depth + 1
		for d < len(first) && d < len(last) && first[d] == last[d] {
			d++
		}
		b.kids = append(b.kids, kidRun{i, j, d})
		i = j
	}
	kids := b.kids[base:]
	b.t = binary.LittleEndian.AppendUint16(b.t, uint16(len(kids)))
	// A wide node's offsets are indexed by octet, from its first child's
	// to its last's (the keys are sorted), 0 for an octet no child starts
	// with. The matcher's keys are canonical, octets from '!' to '~' only,
	// so such a node holds at most 376 octets of offsets (see
	// maxScannedKids for the table it replaced).
	wide := len(kids) > maxScannedKids
	lowest, slots := 0, len(kids)
	if wide {
		lowest = int(b.key(kids[0].lo)[depth])
		highest := int(b.key(kids[len(kids)-1].lo)[depth])
		b.t = append(b.t, byte(lowest), byte(highest))
		slots = highest - lowest + 1
	} else {
		for _, k := range kids {
			b.t = append(b.t, b.key(k.lo)[depth])
		}
	}
	table := len(b.t)
	b.t = append(b.t, make([]byte, 4*slots)...)
	// The child laid out first lies right after this node, often in a line
	// a step has just read: make it the one with the most keys below it, a
	// guess at the likeliest next step (benchmarks/README has what it saves).
	heavy := 0
	for i, k := range kids {
		if k.hi-k.lo > kids[heavy].hi-kids[heavy].lo {
			heavy = i
		}
	}
	n := len(kids)
	for j := range n {
		i := (heavy + j) % n
		k := b.kids[base+i] // not kids[i]: laying out a child may move the stack
		slot := i
		if wide {
			slot = int(b.key(k.lo)[depth]) - lowest
		}
		off := b.node(b.key(k.lo)[depth:k.depth], k.lo, k.hi, k.depth)
		binary.LittleEndian.PutUint32(b.t[table+4*slot:], off)
	}
	b.kids = b.kids[:base]
	return at
}

// payload returns the payload of the node at n.
func (t trie) payload(n int) []byte {
	return t[n+1 : n+1+int(t[n])]
}

// maxScannedKids is the most children a trie node finds by scanning their
// first octets; a node with more has its children's offsets indexed by
// octet, one load. (Until 7 December 2026 it had a 256-octet table of child
// indices, then the offsets: two loads in turn, and a line each when the
// step is a miss; benchmarks/README has what the change measured.)
const maxScannedKids = 12

func le32(b []byte) int32   { return int32(binary.LittleEndian.Uint32(b)) }
func le64u(b []byte) uint64 { return binary.LittleEndian.Uint64(b) }
func le64(b []byte) rankKey { return rankKey(binary.LittleEndian.Uint64(b)) }

// A ruleSet answers which of many rules decides a path. Rules are indexed by
// their literal prefix in a trie: walking the path down the trie visits
// exactly the rules whose prefix the path starts with, so the cost of a query
// follows the path's length and the few rules on its way, not the number of
// rules in the set.
//
// Of the rules without wildcards that end at a node, the best unanchored one
// matches whenever the walk reaches the node, and the best anchored one when
// the path ends there: the node's payload holds both rank keys, so nothing
// else is read for them, and only wildcard rules are kept beyond the trie.
// Wildcard rules are tried after the walk, and only if one could outrank the
// best plain match (and, when only the verdict is asked, reverse it): one by
// one, best first, when they are few, or else through a needle index that
// finds, in one pass over the path, the rules whose longest segment after
// their prefix occurs in it. (That pass reads the rules of a segment it
// finds, to keep those whose prefix is on the path; for a segment that many
// rules share, more than lie on the path, "/a1/*.php", "/a2/*.php", ..., it
// reads the rules on the path instead, unless the walk passed more nodes with
// wildcard rules than it remembers.) Keeping the compiled form small and its
// walk within a few cache lines matters as much as the instructions: a
// crawler asks about many sites in turn.
type ruleSet struct {
	trie trie       // over all rules' prefixes
	wild *wildRules // nil when there are none
}

// wildRules are the wildcard rules of a ruleSet, kept apart from the trie
// header every query reads.
type wildRules struct {
	rules   []matchRule  // by prefix, best first within one
	needles *needleIndex // over all of rules; nil when they are few
}

// empty reports whether s has no rule: it matches nothing.
func (s *ruleSet) empty() bool { return s.trie == nil }

// held returns the octets s holds beyond the ruleSet itself, each array
// counted at its length: newRuleSet sizes them exactly (allocation size
// classes aside).
func (s *ruleSet) held() int64 {
	n := int64(len(s.trie))
	if w := s.wild; w != nil {
		n += int64(unsafe.Sizeof(*w)) + int64(len(w.rules))*int64(unsafe.Sizeof(matchRule{}))
		for i := range w.rules {
			n += int64(len(w.rules[i].lits)) // the arena, which they cut up whole
		}
		if x := w.needles; x != nil {
			n += int64(unsafe.Sizeof(*x)) + 4*int64(len(x.rules)) + int64(len(x.trie))
		}
	}
	return n
}

// The payload of a ruleSet's trie node: a flags octet, then for each flag set
// its fields, in this order.
const (
	nodePlain = 1 << iota // rank key (8 octets) and ref (4) of the best unanchored plain rule
	nodeExact             // the same for the best anchored plain rule
	nodeWild              // the best wildcard rules' rank keys (a wildTops, 8 + 8), then wild[from:to] (4 + 4)
)

// allows reports the verdict of the best matching rule, ref of rank key
// key: no rule (-1) allows.
func allows(ref int32, key rankKey) bool { return ref < 0 || key.allow() }

// wildTops are the rank keys of the best wildcard disallow rule and the best
// wildcard allow rule (0 for none) of some wildcard rules: indexed by
// verdict, so that tops[b2i(!allowed)] is the best that could reverse a
// verdict of allowed.
type wildTops [2]rankKey

// add takes in the wildTops written at the start of p, a trie node's
// payload.
func (t *wildTops) add(p []byte) {
	t[0], t[1] = max(t[0], le64(p)), max(t[1], le64(p[8:]))
}

// settled reports whether no wildcard rule of tops could reverse the
// verdict allowed, reached by the best match so far, of rank bestKey (0
// when none has matched).
func settled(tops *wildTops, allowed bool, bestKey rankKey) bool {
	return tops[b2i(!allowed)] <= bestKey
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// newRuleSet compiles and indexes rules. Their order as given breaks ties
// between otherwise equal rules, counted from first, so that the rank keys
// of sets made from different parts of one list compare as the list's
// would; rules that can never match are left out. When no rule can match,
// it returns the zero ruleSet, which matches nothing.
func newRuleSet(specs []ruleSpec, first int32) ruleSet {
	sc := compileScratches.Get().(*compileScratch)
	s := sc.ruleSet(specs, first)
	sc.release()
	return s
}

// A compileScratch is the working memory of compiling a rule set: the rules
// before they are sorted and laid out, and the trie before it is copied
// out. A document's first query for an agent compiles every rule that
// applies, and that memory, allocated afresh each time, came to several
// times the document's size; so it is reused, through compileScratches,
// which spares about a fifth of the octets a parse followed by a first
// query allocates (benchmarks' ParseAndAsk) and a few percent of its time.
// Nothing compiled points into it.
type compileScratch struct {
	specs  []ruleSpec  // for compileRules
	lits   []byte      // all rules' canonical segments
	ends   []int32     // ends[i]: where rule i's segments end in lits
	rules  []matchRule // in the order given, then sorted
	keys   []sortKey   // sortRules' records
	wildAt []int32     // wildAt[i]: wildcard rules before rules[i], once sorted
	trie   trie        // buildTrie's layout
	kids   []kidRun    // buildTrie's stack
}

var compileScratches = sync.Pool{New: func() any { return new(compileScratch) }}

// maxScratchKept is the most octets a compileScratch may hold and go back
// to compileScratches, enough for about 1,400 rules: a document of many
// thousand should not leave that much memory waiting for the next.
const maxScratchKept = 256 << 10

// release returns sc to compileScratches unless it grew past
// maxScratchKept.
func (sc *compileScratch) release() {
	if sc.size() <= maxScratchKept {
		compileScratches.Put(sc)
	}
}

// size returns the octets sc's buffers hold, counted at their capacity.
func (sc *compileScratch) size() int {
	return int(unsafe.Sizeof(ruleSpec{}))*cap(sc.specs) + cap(sc.lits) + 4*cap(sc.ends) +
		int(unsafe.Sizeof(matchRule{}))*cap(sc.rules) + int(unsafe.Sizeof(sortKey{}))*cap(sc.keys) +
		4*cap(sc.wildAt) + cap(sc.trie) + int(unsafe.Sizeof(kidRun{}))*cap(sc.kids)
}

// A sortKey is rule i's place in sortRules: head holds eight octets of its
// prefix, big-endian, zeros past its end, so that comparing two heads
// compares those octets.
type sortKey struct {
	head uint64
	i    int32
	n    int32 // octets of the prefix from head's first on
}

// ends reports whether k's prefix ends within the eight octets of its head.
func (k sortKey) ends() bool { return k.n <= 8 }

// prefixHead returns p's first eight octets as a big-endian integer, zeros
// past p's end.
func prefixHead(p []byte) uint64 {
	var b [8]byte
	copy(b[:], p)
	return binary.BigEndian.Uint64(b[:])
}

// sortRules sorts rules, in place, into the order of the trie: by prefix,
// plain rules before wildcard ones, then best first. Rank keys differ (they
// count the rules' order), so the order is total and the same whatever the
// sort. It sorts a sortKey for each rule, built in keys' room, which it
// returns, then moves the rules into that order (see permute). Prefixes are
// compared eight octets at a time, as integers, like a radix sort: a run of
// keys that agree in those octets, and go on, is sorted again by the next
// eight, so that the many rules of a file that share a long prefix
// ("/catalog/product/") are not compared octet by octet from the start each
// time.
func sortRules(rules []matchRule, keys []sortKey) []sortKey {
	keys = slices.Grow(keys[:0], len(rules))
	for i := range rules {
		keys = append(keys, sortKey{prefixHead(rules[i].prefix()), int32(i), rules[i].prefixLen})
	}
	// Two keys whose heads agree and whose prefixes both end within them
	// are equal, since canonical text holds no NUL to pass for the zeros
	// padding the shorter; of one that ends and one that goes on, the one
	// that ends is the other's prefix, and sorts first.
	compare := func(x, y sortKey) int {
		if x.head != y.head {
			return cmp.Compare(x.head, y.head)
		}
		if xe, ye := x.ends(), y.ends(); xe != ye {
			return -cmp.Compare(b2i(xe), b2i(ye))
		} else if !xe {
			return 0 // told apart by the next eight octets
		}
		a, b := &rules[x.i], &rules[y.i]
		if a.wild != b.wild {
			return cmp.Compare(b2i(a.wild), b2i(b.wild))
		}
		return cmp.Compare(b.key, a.key)
	}
	type span struct{ lo, hi, depth int }
	var stack [16]span
	todo := append(stack[:0], span{0, len(keys), 0})
	for len(todo) > 0 {
		r := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		run, depth := keys[r.lo:r.hi], r.depth
		slices.SortFunc(run, compare)
		for i := 0; i < len(run); {
			j := i + 1
			if !run[i].ends() {
				for j < len(run) && run[j].head == run[i].head {
					j++
				}
				if j-i > 1 {
					for k := i; k < j; k++ {
						run[k].head = prefixHead(rules[run[k].i].prefix()[depth+8:])
						run[k].n -= 8
					}
					todo = append(todo, span{r.lo + i, r.lo + j, depth + 8})
				}
			}
			i = j
		}
	}
	permute(rules, keys)
	return keys
}

// permute puts rules in the order of keys, in place: rules[j] becomes what
// rules[keys[j].i] was. It follows each cycle of the permutation, marking
// the keys it has placed with -1, so that a rule is moved once.
func permute(rules []matchRule, keys []sortKey) {
	for j := range keys {
		if keys[j].i < 0 {
			continue
		}
		start, k := int32(j), int32(j)
		held := rules[j]
		for {
			from := keys[k].i
			keys[k].i = -1
			if from == start {
				rules[k] = held
				break
			}
			rules[k] = rules[from]
			k = from
		}
	}
}

// ruleSet is newRuleSet, in sc's buffers.
func (sc *compileScratch) ruleSet(specs []ruleSpec, first int32) ruleSet {
	sc.lits, sc.ends, sc.rules = compileSpecs(specs, first, sc.lits, sc.ends, sc.rules)
	rules := sc.rules
	if len(rules) == 0 {
		return ruleSet{}
	}
	sc.keys = sortRules(rules, sc.keys)
	// The wildcard rules keep their patterns, in an arena of their own; the
	// plain rules live on in the trie alone. The rules and the arena are
	// sized exactly, as is the trie: an Agent keeps them for as long as its
	// document lives, and slack left by append would hold up to as much
	// again. Appending within the arena's capacity never moves it, so each
	// rule's patterns can be cut from it as they are appended.
	s := ruleSet{}
	nWild, nLits := 0, 0
	for _, r := range rules {
		if r.wild {
			nWild++
			nLits += len(r.lits)
		}
	}
	wild := make([]matchRule, 0, nWild)
	wildLits := make([]byte, 0, nLits)
	wildAt := slices.Grow(sc.wildAt[:0], len(rules)+1)
	for _, r := range rules {
		wildAt = append(wildAt, int32(len(wild)))
		if r.wild {
			from := len(wildLits)
			wildLits = append(wildLits, r.lits...)
			r.lits = wildLits[from:len(wildLits):len(wildLits)]
			r.setNeedle()
			wild = append(wild, r)
		}
	}
	wildAt = append(wildAt, int32(len(wild)))
	sc.wildAt = wildAt
	s.trie = sc.buildTrie(len(rules), func(i int32) []byte { return rules[i].prefix() },
		func(dst []byte, lo, hi int32) []byte {
			return nodePayload(dst, rules[lo:hi], wild, wildAt[lo], wildAt[hi])
		})
	if len(wild) > 0 {
		s.wild = &wildRules{rules: wild, needles: sc.newNeedleIndex(wild)}
	}
	return s
}

// compileSpecs compiles specs, leaving out those that can match nothing,
// into rules ranked from first, in the caller's buffers lits, ends and
// rules, emptied first, and returns them. All literal octets go into one
// array: compile into it first, then cut it into the patterns, once it no
// longer moves. It is sized up front, as a pattern's canonical form is
// seldom longer than written: growing by appends would allocate about as
// much again.
func compileSpecs(specs []ruleSpec, first int32, lits []byte, ends []int32, rules []matchRule) ([]byte, []int32, []matchRule) {
	n, size := len(specs), 0
	for _, spec := range specs {
		size += len(spec.pattern)
	}
	lits = slices.Grow(lits[:0], size)
	ends = slices.Grow(ends[:0], n)
	rules = slices.Grow(rules[:0], n)
	for _, spec := range specs {
		var p pattern
		var ok bool
		if lits, p, ok = appendPattern(lits, spec.pattern); ok {
			ends = append(ends, int32(len(lits)))
			key := makeRankKey(p.length, spec.allow, first+int32(len(rules)))
			rules = append(rules, matchRule{pattern: p, key: key, ref: spec.ref})
		}
	}
	for i := range rules {
		start := int32(0)
		if i > 0 {
			start = ends[i-1]
		}
		rules[i].lits = lits[start:ends[i]:ends[i]]
	}
	return lits, ends, rules
}

// nodePayload appends to dst the payload for rules, which share one prefix
// and are sorted as newRuleSet sorts them; its wildcard rules are
// wild[from:to].
func nodePayload(dst []byte, rules, wild []matchRule, from, to int32) []byte {
	flags := len(dst)
	p := append(dst, 0)
	for _, kind := range [...]struct {
		flag     byte
		anchored bool
	}{{nodePlain, false}, {nodeExact, true}} {
		// Best first: the first plain rule of each kind is the one.
		for _, r := range rules {
			if !r.wild && r.anchored == kind.anchored {
				p[flags] |= kind.flag
				p = binary.LittleEndian.AppendUint64(p, uint64(r.key))
				p = binary.LittleEndian.AppendUint32(p, uint32(r.ref))
				break
			}
		}
	}
	if to > from {
		p[flags] |= nodeWild
		var tops wildTops
		for _, r := range wild[from:to] {
			a := b2i(r.key.allow())
			tops[a] = max(tops[a], r.key)
		}
		p = binary.LittleEndian.AppendUint64(p, uint64(tops[0]))
		p = binary.LittleEndian.AppendUint64(p, uint64(tops[1]))
		p = binary.LittleEndian.AppendUint32(p, uint32(from))
		p = binary.LittleEndian.AppendUint32(p, uint32(to))
	}
	return p
}

// A wildNode is a trie node with wildcard rules that a walk passed: their
// prefix, depth octets long, is on the path. They are wild[from:to] of the
// ruleSet's wildRules.
type wildNode struct {
	from, to int32
	depth    int
}

// maxWildNodes is how many trie nodes with wildcard rules a walk remembers
// to try after it. The rules of a node past them are tried on the walk's
// way when they are few, and else by a needle scan, as best decides for
// the remembered ones.
const maxWildNodes = 8

// best returns the caller's reference to the rule of s that decides path,
// -1 when no rule matches, and the rule's rank key (0 for none), which says
// whether it allows and lets the best rules of several sets be compared.
//
// A path given as a string is read where it lies, as far as the walk down
// the trie goes, without first checking that it is canonical: the octets the
// walk matches are octets of canonical keys, so it is enough to check, where
// the walk stops, that a canonical path would have stopped there too (see
// stopsCanonical). The rest of the path is looked at only if a wildcard rule
// might match it, and checked on the way. When any of it is not canonical,
// best reports false, and the caller asks again with the canonical path.
//
// With verdictOnly, best answers for IsAllowed, which needs only the
// verdict: the rule it returns may not be the one that decides, but it
// allows, disallows or is missing (-1: allowed) as that one does. The
// wildcard rules that could outrank the plain match are then not tried
// when none of them would reverse its verdict (wildcard disallow rules
// after a plain disallow, say), and they are tried, one by one or by a
// needle scan, only until a match that no rule left could reverse.
// Explain, which names the rule, and an Agent made of parts, which
// compares the keys of several sets, ask for the deciding rule.
func best[T text](s *ruleSet, path T, verdictOnly bool) (int32, rankKey, bool) {
	var bestKey rankKey
	best := int32(-1)
	t := s.trie
	if t == nil {
		return best, 0, true
	}
	_, raw := any(path).(string)
	var wild [maxWildNodes]wildNode
	var nWild, nRules int
	var tops wildTops // of the wildcard rules on the way
	overflow := false // a node past maxWildNodes left its rules to the needle scan
	n, depth := trieRoot, 0
	for {
		if size := int(t[n]); size > 0 {
			p := t[n+1 : n+1+size]
			flags := p[0]
			p = p[1:]
			if flags&nodePlain != 0 {
				if k := le64(p); k > bestKey {
					bestKey, best = k, le32(p[8:])
				}
				p = p[12:]
			}
			if flags&nodeExact != 0 {
				if k := le64(p); k > bestKey && depth == len(path) {
					bestKey, best = k, le32(p[8:])
				}
				p = p[12:]
			}
			if flags&nodeWild != 0 {
				from, to := le32(p[16:]), le32(p[20:])
				switch {
				case nWild < len(wild):
					wild[nWild] = wildNode{from, to, depth}
					nWild++
					nRules += int(to - from)
					tops.add(p)
				case s.wild.needles != nil && s.wild.needles.worthScanning(len(path)-depth, int(to-from)):
					// Too many rules here to try one by one: the needle
					// scan, which tries each rule at most once, takes them.
					overflow = true
					tops.add(p)
				default:
					// A few rules: tried now, where the walk passes them.
					if raw && needsCanonical(string(path)) {
						return -1, 0, false
					}
					raw = false
					bestKey, best = tryWild(s, from, to, path, depth, bestKey, best)
				}
			}
		}
		next, matched := step(t, n, path, depth)
		if next < 0 {
			depth += matched
			break
		}
		n, depth = next, depth+matched
	}
	if raw && !stopsCanonical(path, depth) {
		return -1, 0, false
	}
	if max(tops[0], tops[1]) <= bestKey {
		return best, bestKey, true // no wildcard rule on the way can win
	}
	if verdictOnly && settled(&tops, allows(best, bestKey), bestKey) {
		return best, bestKey, true // none that can win would reverse the verdict
	}
	// A node past maxWildNodes with many rules leaves them to the needle
	// scan, which covers every wildcard rule, those of the remembered nodes
	// too.
	if x := s.wild.needles; x != nil && (overflow || x.worthScanning(len(path)-wild[0].depth, nRules)) {
		// The scan checks the rest of path is canonical on its way. It
		// tries only the rules of the nodes the walk passed, unless it
		// passed more than it remembers.
		on := wild[:nWild]
		if overflow {
			on = nil
		}
		reversers := &tops
		if !verdictOnly {
			reversers = nil
		}
		r, ok := scan(x, s.wild.rules, path, wild[0].depth, bestKey, on, reversers)
		if !ok {
			return -1, 0, false
		}
		if r != nil {
			bestKey, best = r.key, r.ref
		}
		return best, bestKey, true
	}
	if raw && depth < len(path) && needsCanonical(string(path[depth:])) {
		return -1, 0, false
	}
	for _, w := range wild[:nWild] {
		bestKey, best = tryWild(s, w.from, w.to, path, w.depth, bestKey, best)
		if verdictOnly && settled(&tops, allows(best, bestKey), bestKey) {
			break
		}
	}
	return best, bestKey, true
}

// step goes from node n of t, reached at depth, one edge further down path:
// it returns the child's offset and the octets its label matched, or -1 and
// how many octets of the label matched before path differed or ended.
func step[T text](t trie, n int, path T, depth int) (int, int) {
	if depth >= len(path) {
		return -1, 0
	}
	p := n + 1 + int(t[n]) // past the payload
	kids := int(t[p]) | int(t[p+1])<<8
	p += 2
	c := path[depth]
	var i int
	if kids <= 8 {
		// The first octets are distinct: find c's among them a word at a
		// time, without a branch per octet, which a walk over ever
		// different paths would mispredict. The word may run past them
		// (into the offsets, the next node or the trie's padding): a
		// match there is no child.
		i = bits.TrailingZeros64(zeroOctets(le64u(t[p:])^ones*uint64(c))) >> 3
		if i >= kids {
			return -1, 0
		}
		p += kids
	} else if kids <= maxScannedKids {
		firsts := t[p : p+kids]
		for i = 0; i < len(firsts) && firsts[i] < c; i++ {
		}
		if i == len(firsts) || firsts[i] != c {
			return -1, 0
		}
		p += kids
	} else {
		// Offsets by octet: one load, where an index of child numbers
		// would take two in turn.
		i = int(c) - int(t[p])
		if uint(i) > uint(int(t[p+1])-int(t[p])) {
			return -1, 0
		}
		p += 2
		// The offset is read again below, as for the other branches:
		// loading it once in each branch instead measured slower
		// (benchmarks/README, "Offsets by octet").
		if le32(t[p+4*i:]) == 0 {
			return -1, 0 // no child starts with c
		}
	}
	off := int(binary.LittleEndian.Uint32(t[p+4*i:]))
	labelLen := int(t[off])
	off++
	if labelLen >= 0x80 {
		l, w := binary.Uvarint(t[off-1:])
		labelLen, off = int(l), off-1+w
	}
	rest := path[depth:]
	// The first octet is c; compare the rest a word at a time, the last
	// word masked to the label's end (the trie's padding makes it
	// readable), while the path has a word left.
	for m := 1; m < labelLen; m += 8 {
		if len(rest)-m < 8 {
			label := t[off : off+labelLen]
			for ; m < len(label); m++ {
				if m >= len(rest) || rest[m] != label[m] {
					return -1, m
				}
			}
			break
		}
		x := word(rest, m) ^ le64u(t[off+m:])
		x &= ^uint64(0) >> (64 - 8*min(labelLen-m, 8))
		if x != 0 {
			return -1, m + bits.TrailingZeros64(x)>>3
		}
	}
	return off + labelLen, labelLen
}

// Octet-wise constants for word-at-a-time operations.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// zeroOctets returns the high bit of each octet of v that is zero.
func zeroOctets(v uint64) uint64 {
	const low7 = 0x7f7f7f7f7f7f7f7f
	return ^((v&low7 + low7) | v) & highs
}

// word returns the 8 octets of s at i, little-endian.
func word[T text](s T, i int) uint64 {
	b := s[i : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// stopsCanonical reports whether a walk down a trie of canonical keys that
// matched the first stop octets of path, and then stopped, would have
// stopped there for the canonical form of path too. The matched octets are
// a canonical key's, so the canonical path starts with them, unless an
// escape was cut where the walk stopped ("%2" matched, "f" did not: the
// canonical path has "%2F"); and it goes on as path does, unless path's
// next octet is one that canonicalisation rewrites.
func stopsCanonical[T text](path T, stop int) bool {
	for i := max(stop-2, 0); i < stop; i++ {
		if path[i] == '%' {
			return false
		}
	}
	return stop == len(path) || octetClasses[path[stop]] == octetKeep
}

// tryWild returns the better of the given best and the first (best) of the
// wildcard rules wild[from:to] that matches path, whose first depth octets
// are their prefix.
func tryWild[T text](s *ruleSet, from, to int32, path T, depth int, bestKey rankKey, best int32) (rankKey, int32) {
	for i := from; i < to; i++ {
		r := &s.wild.rules[i]
		if r.key <= bestKey {
			break // best first: nothing further here can win
		}
		if matchRest(&r.pattern, path, depth) {
			return r.key, r.ref
		}
	}
	return bestKey, best
}

// passed reports whether wild rule i is one of the rules of the nodes on,
// whose prefixes are on the path.
func passed(on []wildNode, i int32) bool {
	for _, w := range on {
		if w.from <= i && i < w.to {
			return true
		}
	}
	return false
}

// rulesOf returns how many rules the nodes on hold.
func rulesOf(on []wildNode) int32 {
	n := int32(0)
	for _, w := range on {
		n += w.to - w.from
	}
	return n
}

// minSharedNeedle is how many rules a needle must have before a scan counts
// the rules of the nodes on the path, to read the fewer: a needle of fewer
// rules costs little either way.
const minSharedNeedle = 16

// bestOnPath returns the best rule of the nodes on whose needle is
// path[at:end] and that matches path, if it outranks bestKey; nil
// otherwise. It finds what reading the needle's rules would, from the other
// side, for a needle that more rules share than lie on the path.
func bestOnPath[T text](wild []matchRule, on []wildNode, path T, at, end int, bestKey rankKey) *matchRule {
	var best *matchRule
	for _, w := range on {
		for i := w.from; i < w.to; i++ {
			r := &wild[i]
			if r.key <= bestKey || r.needleTo-r.needleFrom != int32(end-at) || !hasPrefix(path[at:], r.needle()) {
				continue
			}
			if matches(&r.pattern, path) {
				bestKey, best = r.key, r
			}
		}
	}
	return best
}

// firstOfNeedle returns the first of a needle's rules, which are best
// first, that outranks bestKey, has its prefix on the path (is a rule of
// the nodes on; nil: of any node) and matches path; nil if none does. Past
// a match, none of them could outrank it.
func firstOfNeedle[T text](rules []int32, wild []matchRule, on []wildNode, path T, bestKey rankKey) *matchRule {
	for _, i := range rules {
		// Asking the nodes the walk passed spares reading a rule whose
		// prefix is not on the path, as most a needle finds are not.
		if on != nil && !passed(on, i) {
			continue
		}
		r := &wild[i]
		if r.key <= bestKey {
			return nil // best first: nothing further under this needle can win
		}
		if matches(&r.pattern, path) {
			return r
		}
	}
	return nil
}

// minNeedleRules is how many wildcard rules a rule set needs before a needle
// index can pay for itself; below it, trying each rule is always faster.
const minNeedleRules = 4

// maxTried bounds the wildcard rules of a scan whose tried marks fit a
// fixed array on the stack (a needle is marked at the index of its first
// rule); a scan over more borrows a pooled bitmap.
const maxTried = 4096

// triedBitmaps holds the bitmaps of scans over more than maxTried rules.
var triedBitmaps = sync.Pool{New: func() any { return new([]uint64) }}

// borrow returns a slice of n elements from pool, which holds *[]T: one
// the garbage collector took back, or too short, is made again at its full
// size in one allocation, not grown. Its contents are the last user's.
func borrow[T any](pool *sync.Pool, n int) *[]T {
	buf := pool.Get().(*[]T)
	if cap(*buf) < n {
		*buf = make([]T, n)
	}
	*buf = (*buf)[:n]
	return buf
}

// A needleIndex finds, in one pass over a path, the wildcard rules whose
// needle (longest segment) occurs in it: only those can match. A table of the
// octets needles start with lets most positions of the path be passed after
// one load; where a needle of two or more octets may start, a bitmap of its
// first two octets is asked next, and where one may still start, a trie of
// the needles finds exactly those that do.
type needleIndex struct {
	starts [256]uint8            // startsSingle: a needle is this octet; startsLonger: a longer one begins with it; startsRaw
	pairs  [pairBits / 64]uint64 // bit pairBit(a, b): a longer needle may start with a, b
	rules  []int32               // wild rules sorted by needle, best first within one needle
	trie   trie                  // over the needles; payload: from, to in rules (4 + 4)
}

const (
	startsSingle = 1 << iota
	startsLonger
	startsRaw // not canonical: '%' or an octet written as an escape
)

// pairBits is the size of a needle index's bitmap of first octet pairs.
// Pairs share bits (a pair's bit is a hash of it), which costs a needless
// trie walk now and then but keeps the bitmap within two cache lines.
const pairBits = 1024

func pairBit(a, b byte) uint32 {
	return (uint32(a)<<8 | uint32(b)) * 0x9e3779b1 >> (32 - 10) // the top 10 bits
}

// newNeedleIndex indexes wild, or returns nil when they are too few to
// need it; its trie is laid out in sc's buffers.
func (sc *compileScratch) newNeedleIndex(wild []matchRule) *needleIndex {
	if len(wild) < minNeedleRules {
		return nil
	}
	x := &needleIndex{rules: make([]int32, len(wild))}
	for c, class := range octetClasses {
		if class != octetKeep {
			x.starts[c] = startsRaw
		}
	}
	for i := range wild {
		x.rules[i] = int32(i)
		switch needle := wild[i].needle(); len(needle) {
		case 0: // cannot happen: a wildcard rule's last segment is not empty
		case 1:
			x.starts[needle[0]] |= startsSingle
		default:
			x.starts[needle[0]] |= startsLonger
			k := pairBit(needle[0], needle[1])
			x.pairs[k>>6] |= 1 << (k & 63)
		}
	}
	slices.SortFunc(x.rules, func(a, b int32) int {
		if c := bytes.Compare(wild[a].needle(), wild[b].needle()); c != 0 {
			return c
		}
		return cmp.Compare(wild[b].key, wild[a].key) // best first
	})
	x.trie = sc.buildTrie(len(x.rules), func(i int32) []byte { return wild[x.rules[i]].needle() },
		func(dst []byte, lo, hi int32) []byte {
			return binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(dst, uint32(lo)), uint32(hi))
		})
	return x
}

// worthScanning reports whether scanning n octets of path beats trying k
// rules one by one. A scan costs a few instructions an octet; trying a rule
// costs a call and a vectorised search, some tens of instructions plus an
// instruction for every several octets. Long paths with few rules are
// cheaper one by one.
func (x *needleIndex) worthScanning(n, k int) bool {
	return 8*n < k*(48+n/4)
}

// scan returns the best of the wildcard rules that match path, if it
// outranks bestKey; nil otherwise. Needles are looked for from position
// from on, where the shortest prefix of a wildcard rule on the path ends.
// The rules of a needle are tried at the first place it occurs, and never
// again: a rule is matched against the whole path, wherever its needle was
// found, and bestKey only grows. So a query tries each rule at most once and
// walks the needle trie once per octet, however many rules share a needle
// and however often it occurs. The tried marks live on the stack, in a
// small array when the rules are few; beyond maxTried, in a pooled bitmap.
// When on is not nil, it lists every trie node with wildcard rules whose
// prefix is on the path, and only their rules are tried; nil tries all.
// When reversers is not nil, they are the tops of the rules on the path,
// and the scan stops at the first match none of the opposite verdict could
// outrank: it then returns a rule of the deciding one's verdict, if not the
// deciding one (see best's verdictOnly).
//
// The pass over the path also checks that a path given as a string is
// canonical from position from on (best's walk has matched the octets
// before it to canonical keys): scan reports false, having found no rule,
// if it is not.
func scan[T text](x *needleIndex, wild []matchRule, path T, from int, bestKey rankKey, on []wildNode, reversers *wildTops) (*matchRule, bool) {
	if len(wild) > 256 {
		return scanMany(x, wild, path, from, bestKey, on, reversers)
	}
	var tried [256 / 64]uint64
	return scanMarking(x, tried[:], wild, path, from, bestKey, on, reversers)
}

//go:noinline
func scanMany[T text](x *needleIndex, wild []matchRule, path T, from int, bestKey rankKey, on []wildNode, reversers *wildTops) (*matchRule, bool) {
	if len(wild) > maxTried {
		return scanPooled(x, wild, path, from, bestKey, on, reversers)
	}
	var tried [maxTried / 64]uint64
	return scanMarking(x, tried[:], wild, path, from, bestKey, on, reversers)
}

// scanPooled is scan for more than maxTried rules, whose tried marks are
// in a bitmap borrowed from triedBitmaps.
func scanPooled[T text](x *needleIndex, wild []matchRule, path T, from int, bestKey rankKey, on []wildNode, reversers *wildTops) (*matchRule, bool) {
	buf := borrow[uint64](&triedBitmaps, (len(wild)+63)/64)
	clear(*buf)
	r, ok := scanMarking(x, *buf, wild, path, from, bestKey, on, reversers)
	triedBitmaps.Put(buf)
	return r, ok
}

// nonzero returns 1 when v is not zero, else 0, without a branch.
func nonzero(v uint8) uint64 { return (uint64(v) + 0xff) >> 8 }

func scanMarking[T text](x *needleIndex, tried []uint64, wild []matchRule, path T, from int, bestKey rankKey, on []wildNode, reversers *wildTops) (*matchRule, bool) {
	_, raw := any(path).(string)
	var best *matchRule
	onRules := int32(-1) // the rules of on, once a needle shared by many needs them
	for base := from; base < len(path); base += 64 {
		// Most octets start no needle. Those that may are found 64 at a
		// time, without a branch per octet, which a walk over ever
		// different paths would mispredict; only they are visited.
		window := path[base:min(base+64, len(path))]
		var cand uint64
		i := 0
		for ; i+4 <= len(window); i += 4 {
			w := window[i : i+4]
			cand |= (nonzero(x.starts[w[0]]) | nonzero(x.starts[w[1]])<<1 |
				nonzero(x.starts[w[2]])<<2 | nonzero(x.starts[w[3]])<<3) << i
		}
		for ; i < len(window); i++ {
			cand |= nonzero(x.starts[window[i]]) << i
		}
		for ; cand != 0; cand &= cand - 1 {
			at := base + bits.TrailingZeros64(cand)
			s := x.starts[path[at]]
			if s&startsRaw != 0 && raw {
				return nil, false
			}
			if s&(startsSingle|startsLonger) == 0 {
				continue
			}
			if s&startsSingle == 0 {
				if at+1 == len(path) {
					continue
				}
				k := pairBit(path[at], path[at+1])
				if x.pairs[k>>6]&(1<<(k&63)) == 0 {
					continue
				}
			}
			// Every needle on this walk occurs at path[at:].
			for n, d := trieRoot, at; ; {
				child, matched := step(x.trie, n, path, d)
				if child < 0 {
					break
				}
				n, d = child, d+matched
				p := x.trie.payload(n)
				if len(p) == 0 {
					continue
				}
				// The needle's rules are x.rules[lo:hi]; it is marked by lo.
				lo, hi := le32(p), le32(p[4:])
				if tried[lo>>6]&(1<<(lo&63)) != 0 {
					continue
				}
				tried[lo>>6] |= 1 << (lo & 63)
				// More rules may share this needle than lie on the path
				// ("/a1/*.php", "/a2/*.php", ...): then those on the path
				// are read instead, so that what the needle costs is
				// bounded by them.
				shared := false
				if on != nil && hi-lo > minSharedNeedle {
					if onRules < 0 {
						onRules = rulesOf(on)
					}
					shared = hi-lo > onRules
				}
				var r *matchRule
				if shared {
					r = bestOnPath(wild, on, path, at, d, bestKey)
				} else {
					r = firstOfNeedle(x.rules[lo:hi], wild, on, path, bestKey)
				}
				if r == nil {
					continue
				}
				bestKey, best = r.key, r
				if reversers != nil && settled(reversers, r.key.allow(), bestKey) {
					// The rest of the path has not been checked canonical,
					// and the rule may have matched octets of it.
					if raw && needsCanonical(string(path[at:])) {
						return nil, false
					}
					return best, true
				}
			}
		}
	}
	return best, true
}

// Rules that never decide. A rule decides no query when, in every set of
// rules it is in, another rule outranks it and matches every path it
// matches: that rule, or one above it, decides wherever it would. Removing
// all such rules together changes no decision either, since the deciding
// rule of a path is never one of them: each has a cover that matches the
// path too and ranks higher, and following covers, whose rank keys grow,
// ends at a rule that stays.

// appendWords appends to dst the generic words of p: texts that stand for
// every path p matches, in which each of p's wildcards, and the rest of
// the path after a pattern that is not anchored, is one NUL, an octet that
// canonical text, and so a pattern's literals, never holds. A path starts with
// '/', so a pattern starting with '*' has two: one whose first wildcard
// takes the '/', and, if its first literal segment starts with '/', one
// where the wildcards before that segment take nothing. It returns dst
// and where each word ends in it (the second end is the first when there
// is one word).
//
// Another pattern s matches every path p matches if it matches p's generic
// words: s's segments, holding no NUL, can only fall within p's segments,
// its wildcards taking the NULs, and a wildcard takes any other text in a
// NUL's place as well. The converse holds for an s that lacks some octet
// a path may hold, which the NULs can then stand for: a cover is missed
// only for an s that holds every one.
func appendWords(dst []byte, p *pattern) ([]byte, [2]int) {
	tail := func(dst []byte) []byte {
		if !p.anchored {
			dst = append(dst, segmentSep)
		}
		return dst
	}
	if p.prefixLen > 0 {
		dst = tail(append(dst, p.lits...))
		return dst, [2]int{len(dst), len(dst)}
	}
	dst = tail(append(append(dst, '/'), p.lits...))
	first := len(dst)
	if rest := bytes.TrimLeft(p.lits, "\x00"); len(rest) > 0 && rest[0] == '/' {
		dst = tail(append(dst, rest...))
	}
	return dst, [2]int{first, len(dst)}
}

// neverDecide returns, for each of specs (one set of rules, ranked as
// newRuleSet ranks them), the index of a spec of another ref that outranks
// it and matches every path it matches, or -1 when it finds none or the
// spec matches nothing. It compares each pattern with those whose literal
// prefix starts its generic words (see appendWords): with all of them, in a
// set of rules that share a prefix such as "/*". It returns the units of
// work left of budget (about an octet compared each), and whether it
// compared all it meant to: when that took all of budget, the covers it
// returns are only those of patterns by others of the same text (a rule
// repeated or spelt otherwise).
func neverDecide(specs []ruleSpec, budget int) (covers []int32, left int, complete bool) {
	_, _, rules := compileSpecs(specs, 0, nil, nil, nil)
	from := make([]int32, 0, len(rules)) // the spec of each rule: those that can match
	for i, spec := range specs {
		if canMatch(spec.pattern) {
			from = append(from, int32(i))
		}
	}
	covers = make([]int32, len(specs))
	for i := range covers {
		covers[i] = -1
	}
	cover := func(r, s int) {
		if rules[r].ref != rules[s].ref {
			covers[from[r]] = from[s]
		}
	}

	// Patterns of one text match the same paths: the best of each covers
	// the others, and only the best need be compared with the rest. The
	// texts are views of the rules' literals, which no longer change.
	anchored := 0
	for i := range rules {
		anchored += b2i(rules[i].anchored)
	}
	best := [2]map[string]int{ // by anchored
		make(map[string]int, len(rules)-anchored), make(map[string]int, anchored)}
	textOf := func(p *pattern) (map[string]int, string) {
		return best[b2i(p.anchored)], unsafe.String(unsafe.SliceData(p.lits), len(p.lits))
	}
	for i := range rules {
		m, t := textOf(&rules[i].pattern)
		if b, ok := m[t]; !ok || rules[i].key > rules[b].key {
			m[t] = i
		}
	}
	// The generic words of the best, by their literal head: the patterns
	// that may cover a word are those whose prefix starts its head.
	nWords, nOctets := 0, 0 // at most, as appendWords writes them
	for i := range rules {
		n := 1 + b2i(rules[i].prefixLen == 0)
		nWords += n
		nOctets += n * (len(rules[i].lits) + 2)
	}
	words := make([]byte, 0, nOctets)
	ws := make([]genericWord, 0, nWords)
	isBest := make([]bool, len(rules))
	for i := range rules {
		if m, t := textOf(&rules[i].pattern); m[t] != i {
			cover(i, m[t])
			continue
		}
		isBest[i] = true
		start := len(words)
		var at [2]int
		words, at = appendWords(words, &rules[i].pattern)
		for k, end := range at {
			if k > 0 && end == at[0] {
				break
			}
			w := genericWord{rule: i, from: start, to: end, head: end - start, octets: octetSet(words[start:end])}
			if j := bytes.IndexByte(words[start:end], segmentSep); j >= 0 {
				w.head = j
			}
			ws = append(ws, w)
			start = end
		}
	}
	// A word's head is at most as long as its pattern, and a pattern
	// outranks only patterns no longer than itself. So a plain prefix as
	// long as its text (no wildcard, no '$', no escape of '*' or '$') can
	// cover only patterns as long as itself whose words' heads are its
	// text: patterns of its own text, covered above, and "*", whose first
	// word's head is "/". So only the other patterns, and "/", are compared.
	var covering []int
	for s := range rules {
		if isBest[s] && (int(rules[s].length) > int(rules[s].prefixLen) || rules[s].prefixLen <= 1) {
			covering = append(covering, s)
		}
	}
	wordCover := make([]int32, len(ws))
	for i := range wordCover {
		wordCover[i] = -1
	}
	work := 0
	if len(covering) > 0 {
		if work = compareWords(rules, covering, words, ws, wordCover, budget); work > budget {
			return covers, 0, false // the patterns of one text only
		}
	}
	// A pattern is covered by a pattern that covers each of its words: of
	// a pattern with two, the cover found for one if it covers the other
	// too. (Two patterns that cover a word each would do as well, but no
	// one rule could be named as the reason.)
	firstWord := make([]int, len(rules)) // where a pattern's first word is in ws, plus one
	for i, w := range ws {
		j := firstWord[w.rule] - 1
		if j < 0 {
			firstWord[w.rule] = i + 1
			continue
		}
		c, d := wordCover[i], wordCover[j]
		switch {
		case c >= 0 && (c == d || matches(&rules[c].pattern, words[ws[j].from:ws[j].to])):
			wordCover[j] = c
		case d >= 0 && matches(&rules[d].pattern, words[ws[i].from:ws[i].to]):
			wordCover[i] = d
		default:
			wordCover[i], wordCover[j] = -1, -1
		}
	}
	for i, w := range ws {
		if c := wordCover[i]; c >= 0 {
			cover(w.rule, int(c))
		}
	}
	return covers, budget - work, true
}

// octetSet returns a set of the octets of b other than NUL, each as bit c
// mod 64: a pattern whose set has a bit a word's lacks cannot match it.
func octetSet(b []byte) uint64 {
	var set uint64
	for _, c := range b {
		if c != segmentSep {
			set |= 1 << (c & 63)
		}
	}
	return set
}

// A genericWord is a generic word of a pattern (see appendWords), held in a
// buffer of words.
type genericWord struct {
	rule     int    // the pattern's index
	from, to int    // in the buffer
	head     int    // octets before its first NUL
	octets   uint64 // see octetSet
}

// compareWords sets wordCover[i] to the best of the covering rules that
// outranks the rule of ws[i], has another ref, and matches the word, and
// returns the work it took, past budget when it stopped for that. It sorts
// ws by head, in place, so that the words each rule may cover, those whose
// heads start with its prefix, lie together: wordCover follows that order.
func compareWords(rules []matchRule, covering []int, words []byte, ws []genericWord, wordCover []int32, budget int) int {
	head := func(w genericWord) []byte { return words[w.from : w.from+w.head] }
	slices.SortFunc(ws, func(a, b genericWord) int { return bytes.Compare(head(a), head(b)) })
	work := 0
	for _, s := range covering {
		octets := octetSet(rules[s].lits)
		p := rules[s].prefix()
		lo, _ := slices.BinarySearchFunc(ws, p, func(w genericWord, p []byte) int { return bytes.Compare(head(w), p) })
		inSpan := func(w genericWord) bool { return bytes.HasPrefix(head(w), p) }
		if int(rules[s].length) == len(p) { // "/": see neverDecide
			inSpan = func(w genericWord) bool { return w.head == len(p) && bytes.HasPrefix(head(w), p) }
		}
		hi := lo + sort.Search(len(ws)-lo, func(i int) bool { return !inSpan(ws[lo+i]) })
		work += hi - lo
		for i := lo; i < hi; i++ {
			r, c := ws[i].rule, wordCover[i]
			if rules[s].key <= rules[r].key || rules[s].ref == rules[r].ref || c >= 0 && rules[c].key >= rules[s].key ||
				octets&^ws[i].octets != 0 {
				continue
			}
			w := words[ws[i].from:ws[i].to]
			if work += len(rules[s].lits) + len(w); work > budget {
				return work
			}
			if matches(&rules[s].pattern, w) {
				wordCover[i] = int32(s)
			}
		}
		if work > budget {
			return work
		}
	}
	return work
}
