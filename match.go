package robots

import (
	"bytes"
	"slices"
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
	octetKeep    = iota // unreserved or reserved: compared as it is
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

func isUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}

// needsCanonical reports whether s differs from its canonical form, so that
// the common, already-canonical path can be copied instead of rewritten.
func needsCanonical(s string) bool {
	for i := 0; i < len(s); i++ {
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
func appendCanonicalPath(dst []byte, s string) []byte {
	if !needsCanonical(s) {
		return append(dst, s...)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch octetClasses[c] {
		case octetKeep:
			dst = append(dst, c)
		case octetEscape:
			dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
		case octetPercent:
			if i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
				v := unhex(s[i+1])<<4 | unhex(s[i+2])
				if isUnreserved(v) || v == '*' || v == '$' {
					dst = append(dst, v)
				} else {
					dst = append(dst, '%', upperHex[v>>4], upperHex[v&15])
				}
				i += 2
			} else {
				dst = append(dst, "%25"...)
			}
		}
	}
	return dst
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

// newPattern compiles one pattern as written in a rule; see appendPattern.
func newPattern(raw string) (pattern, bool) {
	lits, p, ok := appendPattern(nil, raw)
	p.lits = lits
	return p, ok
}

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
	if raw == "" || raw[0] != '/' && raw[0] != '*' {
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
			dst = append(dst, c)
			p.length++
		case octetClasses[c] == octetEscape:
			dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
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
				dst = append(dst, '%', upperHex[v>>4], upperHex[v&15])
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
func (p *pattern) matchRest(path []byte, depth int) bool {
	rest := path[depth:]
	if !p.wild {
		return !p.anchored || len(rest) == 0
	}
	segs := p.lits[p.prefixLen+1:]
	if p.anchored {
		i := bytes.LastIndexByte(segs, segmentSep)
		tail := segs[i+1:]
		if !bytes.HasSuffix(rest, tail) {
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
		j := bytes.Index(rest, seg)
		if j < 0 {
			return false
		}
		if !more {
			return true
		}
		rest = rest[j+len(seg):]
	}
}

// matches reports whether the pattern matches a canonical path.
func (p *pattern) matches(path []byte) bool {
	return bytes.HasPrefix(path, p.prefix()) && p.matchRest(path, int(p.prefixLen))
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
	allow      bool
	order      int32 // position among the rule set's rules as given: earlier wins a full tie
	ref        int32 // the caller's reference to the rule
	needleFrom int32 // lits[needleFrom:needleTo] is the longest segment after the prefix,
	needleTo   int32 // which a matching path must hold
}

func (r *matchRule) needle() []byte { return r.lits[r.needleFrom:r.needleTo] }

// outranks reports whether r decides over s when both match: the longer
// pattern wins, Allow wins a tie (RFC 9309 §2.2.2), and the earlier rule wins
// a tie of both so that explanations are deterministic.
func (r *matchRule) outranks(s *matchRule) bool {
	if r.length != s.length {
		return r.length > s.length
	}
	if r.allow != s.allow {
		return r.allow
	}
	return r.order < s.order
}

// rank orders rules best first.
func rank(a, b *matchRule) int {
	switch {
	case a.order == b.order:
		return 0
	case a.outranks(b):
		return -1
	}
	return 1
}

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

// A radix is a radix trie over byte strings, used to find every key that
// is a prefix of a path in one walk down the path. Its keys are given
// sorted; a node covers the run of keys that end exactly at it.
type radix struct {
	nodes  []radixNode // nodes[0] is the root; a node's children are contiguous
	firsts []byte      // firsts[i] is the first octet of node i's label, for finding children
	labels []byte      // the nodes' edge labels, end to end
}

type radixNode struct {
	labelFrom int32 // labels[labelFrom:labelTo] is the edge label from the parent;
	labelTo   int32 // empty for the root
	keysFrom  int32 // keys[keysFrom:keysTo] end at this node
	keysTo    int32
	childFrom int32 // nodes[childFrom:childTo] are the children, by first octet
	childTo   int32
}

// newRadix builds the trie of n sorted keys; key(i) returns the i-th.
func newRadix(n int, key func(int32) []byte) radix {
	var t radix
	t.nodes = make([]radixNode, 1, 2*n+1)
	t.build(0, 0, int32(n), 0, key)
	t.nodes = slices.Clone(t.nodes) // drop the spare capacity
	t.labels = slices.Clip(t.labels)
	t.firsts = make([]byte, len(t.nodes))
	for i := 1; i < len(t.nodes); i++ {
		t.firsts[i] = t.labels[t.nodes[i].labelFrom]
	}
	return t
}

// build fills node n with keys lo to hi, which share their first depth
// octets, and adds its children.
func (t *radix) build(n int, lo, hi int32, depth int, key func(int32) []byte) {
	at := lo
	for at < hi && len(key(at)) == depth {
		at++ // shorter keys sort first: these end here
	}
	t.nodes[n].keysFrom, t.nodes[n].keysTo = lo, at
	// One child per distinct next octet; its label runs as far as all its
	// keys agree, which for sorted keys is as far as the first and last do.
	type run struct {
		lo, hi int32
		depth  int
	}
	var kids []run
	for i := at; i < hi; {
		c := key(i)[depth]
		j := i + 1
		for j < hi && key(j)[depth] == c {
			j++
		}
		first, last := key(i), key(j-1)
		d := depth + 1
		for d < len(first) && d < len(last) && first[d] == last[d] {
			d++
		}
		kids = append(kids, run{i, j, d})
		i = j
	}
	from := len(t.nodes)
	t.nodes[n].childFrom, t.nodes[n].childTo = int32(from), int32(from+len(kids))
	for _, k := range kids {
		labelFrom := int32(len(t.labels))
		t.labels = append(t.labels, key(k.lo)[depth:k.depth]...)
		t.nodes = append(t.nodes, radixNode{labelFrom: labelFrom, labelTo: int32(len(t.labels))})
	}
	for i, k := range kids {
		t.build(from+i, k.lo, k.hi, k.depth, key)
	}
}

// next returns the node below n that path continues into, with its depth,
// or -1 when no key below n is a prefix of path.
func (t *radix) next(n int32, path []byte, depth int) (int32, int) {
	if depth == len(path) {
		return -1, depth
	}
	node := &t.nodes[n]
	c := path[depth]
	lo, hi := int(node.childFrom), int(node.childTo)
	for hi-lo > 8 { // binary search down to a short run, then scan it
		mid := int(uint(lo+hi) >> 1)
		if t.firsts[mid] < c {
			lo = mid + 1
		} else {
			hi = mid + 1 // mid may be the one
			if t.firsts[mid] > c {
				hi = mid
			}
		}
	}
	for i := lo; i < hi; i++ {
		if t.firsts[i] == c {
			child := &t.nodes[i]
			if label := t.labels[child.labelFrom:child.labelTo]; hasPrefix(path[depth:], label) {
				return int32(i), depth + len(label)
			}
			return -1, depth
		}
	}
	return -1, depth
}

// hasPrefix is bytes.HasPrefix for the short labels of a trie, where a loop
// beats the call to the vectorised comparison.
func hasPrefix(b, prefix []byte) bool {
	if len(prefix) > len(b) {
		return false
	}
	if len(prefix) > 16 {
		return bytes.Equal(b[:len(prefix)], prefix)
	}
	for i, c := range prefix {
		if b[i] != c {
			return false
		}
	}
	return true
}

// A ruleSet answers which of many rules decides a path. Rules are indexed by
// their literal prefix in a radix trie: walking the path down the trie visits
// exactly the rules whose prefix the path starts with, so the cost of a query
// follows the path's length and the few rules on its way, not the number of
// rules in the set. Where many wildcard rules share a prefix (typically "/*"
// patterns at the root), a needle index picks out those whose longest
// segment occurs in the path.
type ruleSet struct {
	rules []matchRule // sorted by prefix; within one prefix, plain rules then wildcard rules, each ranked
	trie  radix       // over the rules' prefixes: a node's keys are rules
	nodes []ruleNode  // per trie node
}

// A ruleNode describes the rules of one trie node.
type ruleNode struct {
	wildFrom   int32        // the node's rules from here on have wildcards
	bestLength int32        // the longest pattern among the node's rules
	needles    *needleIndex // for the wildcard rules when there are many; nil otherwise
}

// newRuleSet compiles and indexes rules. Their order as given breaks ties
// between otherwise equal rules; rules that can never match are left out.
// It returns nil when no rule can match.
func newRuleSet(specs []ruleSpec) *ruleSet {
	// All literal octets go into one array: compile into it first, then cut
	// it into the patterns, once it no longer moves.
	var lits []byte
	ends := make([]int, 0, len(specs))
	rules := make([]matchRule, 0, len(specs))
	for _, spec := range specs {
		var p pattern
		var ok bool
		if lits, p, ok = appendPattern(lits, spec.pattern); ok {
			ends = append(ends, len(lits))
			rules = append(rules, matchRule{pattern: p, allow: spec.allow, order: int32(len(rules)), ref: spec.ref})
		}
	}
	if len(rules) == 0 {
		return nil
	}
	lits = slices.Clip(lits)
	for i := range rules {
		start := 0
		if i > 0 {
			start = ends[i-1]
		}
		rules[i].lits = lits[start:ends[i]:ends[i]]
		rules[i].setNeedle()
	}
	slices.SortFunc(rules, func(a, b matchRule) int {
		if c := bytes.Compare(a.prefix(), b.prefix()); c != 0 {
			return c
		}
		if a.wild != b.wild {
			if b.wild {
				return -1
			}
			return 1
		}
		return rank(&a, &b)
	})
	s := &ruleSet{rules: rules}
	s.trie = newRadix(len(rules), func(i int32) []byte { return rules[i].prefix() })
	s.nodes = make([]ruleNode, len(s.trie.nodes))
	for n, tn := range s.trie.nodes {
		rn := &s.nodes[n]
		rn.wildFrom = tn.keysFrom
		for rn.wildFrom < tn.keysTo && !rules[rn.wildFrom].wild {
			rn.wildFrom++
		}
		if rn.wildFrom > tn.keysFrom {
			rn.bestLength = rules[tn.keysFrom].length
		}
		if tn.keysTo > rn.wildFrom {
			rn.bestLength = max(rn.bestLength, rules[rn.wildFrom].length)
			rn.needles = newNeedleIndex(rules, rn.wildFrom, tn.keysTo)
		}
	}
	return s
}

// best returns the rule that decides a canonical path, or nil when no rule
// matches.
func (s *ruleSet) best(path []byte) *matchRule {
	var best *matchRule
	for n, depth := int32(0), 0; n >= 0; n, depth = s.trie.next(n, path, depth) {
		tn, rn := &s.trie.nodes[n], &s.nodes[n]
		if tn.keysTo == tn.keysFrom || best != nil && rn.bestLength < best.length {
			continue
		}
		// Rules without wildcards match here, unless anchored short of the end.
		for i := tn.keysFrom; i < rn.wildFrom; i++ {
			r := &s.rules[i]
			if best != nil && r.length < best.length {
				break // ranked: nothing further in this run can win
			}
			if (best == nil || r.outranks(best)) && (!r.anchored || depth == len(path)) {
				best = r
			}
		}
		if rn.needles != nil {
			best = rn.needles.scan(s.rules, path, depth, best)
			continue
		}
		for i := rn.wildFrom; i < tn.keysTo; i++ {
			r := &s.rules[i]
			if best != nil && r.length < best.length {
				break
			}
			if (best == nil || r.outranks(best)) && r.matchRest(path, depth) {
				best = r
			}
		}
	}
	return best
}

// minNeedleRules is how many wildcard rules a trie node needs before a
// needle index pays for itself; below it, testing each rule is faster.
const minNeedleRules = 4

// maxNeedleRules bounds the wildcard rules one needle index covers, so that
// a query can mark the ones it has tried in a fixed array on the stack.
const maxNeedleRules = 2048

// A needleIndex finds, in one pass over a path, the wildcard rules of a trie
// node whose needle (longest segment) occurs in the path: only those can
// match. A bitmap of the needles' first two octets (or only octet) lets most
// positions of the path be passed with one memory load; where one may start,
// a radix trie of the needles finds exactly those that do.
type needleIndex struct {
	from    int32                 // the node's first wildcard rule, for numbering marks
	pairs   [pairBits / 64]uint64 // bit pairBit(a, b): a needle may start with octets a, b
	singles [256 / 64]uint64      // bit c: a needle is the octet c
	rules   []int32               // rule indices sorted by needle, ranked within one needle
	trie    radix                 // over the needles: a node's keys are positions in rules
}

// newNeedleIndex indexes the wildcard rules rules[from:to], or returns nil
// when they are too few or too many.
func newNeedleIndex(rules []matchRule, from, to int32) *needleIndex {
	if to-from < minNeedleRules || to-from > maxNeedleRules {
		return nil
	}
	x := &needleIndex{from: from}
	for i := from; i < to; i++ {
		x.rules = append(x.rules, i)
		switch needle := rules[i].needle(); len(needle) {
		case 0: // cannot happen: a wildcard rule's last segment is not empty
		case 1:
			x.singles[needle[0]>>6] |= 1 << (needle[0] & 63)
		default:
			k := pairBit(needle[0], needle[1])
			x.pairs[k>>6] |= 1 << (k & 63)
		}
	}
	slices.SortStableFunc(x.rules, func(a, b int32) int { // stable: rules are ranked already
		return bytes.Compare(rules[a].needle(), rules[b].needle())
	})
	x.trie = newRadix(len(x.rules), func(i int32) []byte { return rules[x.rules[i]].needle() })
	return x
}

// pairBits is the size of a needle index's bitmap of first octet pairs. Pairs
// share bits (a pair's bit is a hash of it), which costs a needless trie
// walk now and then but keeps the bitmap at 128 bytes.
const pairBits = 1024

func pairBit(a, b byte) uint32 {
	return (uint32(a)*0x9e3779b1 ^ uint32(b)*0x85ebca6b) >> 22 // the top 10 bits
}

// scan returns the better of best and the indexed rules that match path,
// whose first depth octets are their prefix. Each rule is tried at most once,
// at the first place its needle occurs.
func (x *needleIndex) scan(rules []matchRule, path []byte, depth int, best *matchRule) *matchRule {
	var tried [maxNeedleRules / 64]uint64
	for at := depth; at < len(path); at++ {
		c := path[at]
		if x.singles[c>>6]&(1<<(c&63)) == 0 {
			if at+1 == len(path) {
				break
			}
			k := pairBit(c, path[at+1])
			if x.pairs[k>>6]&(1<<(k&63)) == 0 {
				continue
			}
		}
		// Every needle on this walk occurs at path[at:].
		for n, d := x.trie.next(0, path, at); n >= 0; n, d = x.trie.next(n, path, d) {
			tn := &x.trie.nodes[n]
			for _, i := range x.rules[tn.keysFrom:tn.keysTo] {
				r := &rules[i]
				if best != nil && r.length < best.length {
					break // ranked: nothing further under this needle can win
				}
				bit := i - x.from
				if tried[bit>>6]&(1<<(bit&63)) != 0 {
					continue
				}
				tried[bit>>6] |= 1 << (bit & 63)
				if (best == nil || r.outranks(best)) && r.matchRest(path, depth) {
					best = r
				}
			}
		}
	}
	return best
}
