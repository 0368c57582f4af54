package robots

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// newPattern compiles one pattern as written in a rule; see appendPattern.
func newPattern(raw string) (pattern, bool) {
	lits, p, ok := appendPattern(nil, raw)
	p.lits = lits
	return p, ok
}

// bruteRule is a rule compiled on its own, for bruteBest.
type bruteRule struct {
	pattern
	key rankKey
	ref int32
}

// bestCanonical is best for a canonical path, with the deciding rule's
// Allow.
func bestCanonical(s *ruleSet, path []byte) (int32, bool) {
	ref, key, _ := best(s, path, false)
	return ref, key.allow()
}

// bruteRules compiles specs one by one, numbered as newRuleSet numbers them.
func bruteRules(specs []ruleSpec) []bruteRule {
	var rules []bruteRule
	for _, spec := range specs {
		if p, ok := newPattern(spec.pattern); ok {
			rules = append(rules, bruteRule{p, makeRankKey(p.length, spec.allow, int32(len(rules))), spec.ref})
		}
	}
	return rules
}

// bruteBest is the definition the indexed ruleSet must agree with: every
// rule tried, the best match kept. It returns the deciding rule's ref, or
// -1, and whether it allows.
func bruteBest(rules []bruteRule, path []byte) (int32, bool) {
	var bestKey rankKey
	best := int32(-1)
	for _, r := range rules {
		if r.key > bestKey && matches(&r.pattern, path) {
			bestKey, best = r.key, r.ref
		}
	}
	return best, bestKey.allow()
}

// derivedPaths returns paths built from a document's own patterns: the
// pattern with its wildcards filled, cut short, extended, and with the
// anchor's end passed, so that matches and near misses are both tried.
func derivedPaths(r *Robots) []string {
	var out []string
	for _, g := range r.Groups {
		for _, rule := range g.Rules {
			p := strings.TrimSuffix(rule.Pattern, "$")
			filled := strings.ReplaceAll(p, "*", "x")
			out = append(out, filled, filled+"/more?q=1", strings.ReplaceAll(p, "*", ""))
			if len(filled) > 1 {
				out = append(out, filled[:len(filled)-1])
			}
		}
	}
	return out
}

func TestRuleSetAgreesWithBruteForceOnCorpus(t *testing.T) {
	t.Parallel()
	crawled := crawledPaths(t)
	for _, file := range corpusFiles(t) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		r := Parse(data)
		paths := append(spread(derivedPaths(r), 400), crawled[filepath.Base(file)]...)
		for _, ua := range []string{"ExampleBot/1.0", "Googlebot/2.1", "bingbot"} {
			a := r.Agent(ua)
			if a.rules.empty() {
				continue
			}
			specs, _ := ruleSpecs(nil, r.Groups, a.groups, nil)
			brute := bruteRules(specs)
			for _, p := range paths {
				if !strings.HasPrefix(p, "/") {
					continue
				}
				path := appendCanonicalPath(nil, p)
				if n := canonicalLen(p); n != len(path) {
					t.Errorf("canonicalLen(%q) = %d, want %d, the length of %q", p, n, len(path), path)
				}
				got, gotAllow := bestCanonical(&a.rules, path)
				want, wantAllow := bruteBest(brute, path)
				// The matcher reads the caller's string in place as far as it
				// is canonical, and rewritten paths as bytes: both must decide
				// alike.
				if gotS, keyS := a.best(p, false); gotS != got || keyS.allow() != gotAllow {
					t.Errorf("%s, %s, %q: as given, rule %d (allow %v); canonical, rule %d (allow %v)", filepath.Base(file), ua, p, gotS, keyS.allow(), got, gotAllow)
				}
				if got != want || gotAllow != wantAllow {
					t.Errorf("%s, %s, %q: index chose rule %d (allow %v), brute force %d (allow %v)", filepath.Base(file), ua, p, got, gotAllow, want, wantAllow)
				}
				// IsAllowed's verdict alone, which may come from another
				// rule of the same verdict.
				if ref, key := a.best(p, true); allows(ref, key) != (want < 0 || wantAllow) {
					t.Errorf("%s, %s, %q: verdict only, rule %d (allow %v); brute force %d (allow %v)", filepath.Base(file), ua, p, ref, key.allow(), want, wantAllow)
				}
			}
		}
	}
}

// TestRuleSetAgreesWithBruteForceOnNestedWildcards checks the index against
// bruteBest where a walk passes more nodes with wildcard rules than it
// remembers (maxWildNodes), on random rule sets over a small alphabet, so
// that prefixes nest and needles recur.
func TestRuleSetAgreesWithBruteForceOnNestedWildcards(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = "ab%"[rng.IntN(3)]
		}
		return string(b)
	}
	for round := range 300 {
		var specs []ruleSpec
		for i := range 5 + rng.IntN(40) {
			p := "/" + strings.Repeat("a", rng.IntN(14)) + "*" + word(1+rng.IntN(3))
			if rng.IntN(3) == 0 {
				p += "*" + word(1+rng.IntN(2))
			}
			if rng.IntN(4) == 0 {
				p += "$"
			}
			specs = append(specs, ruleSpec{pattern: p, allow: rng.IntN(2) == 0, ref: int32(i)})
		}
		s := newRuleSet(specs, 0)
		brute := bruteRules(specs)
		for range 50 {
			path := appendCanonicalPath(nil, "/"+strings.Repeat("a", rng.IntN(16))+word(rng.IntN(30)))
			got, gotAllow := bestCanonical(&s, path)
			want, wantAllow := bruteBest(brute, path)
			if got != want || gotAllow != wantAllow {
				t.Fatalf("round %d, %q against %v: index chose rule %d (allow %v), brute force %d (allow %v)", round, path, specs, got, gotAllow, want, wantAllow)
			}
		}
	}
}

// patternRegexp is an independent reading of a pattern, for comparison: the
// pattern's canonical text with '*' as ".*" and a final '$' as the end.
func patternRegexp(canonPattern string) *regexp.Regexp {
	anchored := strings.HasSuffix(canonPattern, "$")
	canonPattern = strings.TrimSuffix(canonPattern, "$")
	parts := strings.Split(canonPattern, "*")
	for i := range parts {
		parts[i] = regexp.QuoteMeta(parts[i])
	}
	expr := "^" + strings.Join(parts, ".*")
	if anchored {
		expr += "$"
	}
	return regexp.MustCompile("(?s)" + expr)
}

func TestPatternMatchesLikeRegexp(t *testing.T) {
	patterns := []string{"/", "/a", "/a$", "/*", "*", "/a*b", "/a*b$", "/*a*a*b", "/**a", "/a*", "/a*$", "*.php$", "/fish*.php", "/$", "/a$b", "/x/*/y*z$"}
	paths := []string{"/", "/a", "/ab", "/a/b", "/aab", "/aabb", "/ba", "/fish.php", "/fish/x.php?y", "/a$b", "/x/1/yz", "/x/1/yzz", "/x//yz", "/aaaaaaaaab"}
	for _, pat := range patterns {
		p, ok := newPattern(pat)
		if !ok {
			t.Fatalf("newPattern(%q) failed", pat)
		}
		re := patternRegexp(pat)
		for _, path := range paths {
			if got, want := matches(&p, path), re.MatchString(path); got != want {
				t.Errorf("pattern %q matches %q = %v, want %v", pat, path, got, want)
			}
		}
	}
}

// TestWildcardQueriesDoNotAllocate covers what TestQueriesDoNotAllocate's
// document does not: segments longer than a stack-converted string, long
// paths searched by the needle index, and long paths to rewrite.
func TestWildcardQueriesDoNotAllocate(t *testing.T) {
	long := strings.Repeat("segment-", 6) // 48 octets
	var doc strings.Builder
	doc.WriteString("User-agent: *\nDisallow: /private\n")
	for i := range 8 {
		fmt.Fprintf(&doc, "Disallow: /*%s%d\nAllow: /*?q=%d*x$\n", long, i, i)
	}
	r := Parse([]byte(doc.String()))
	query := "?" + strings.Repeat("k=v&", 300)
	for _, u := range []string{
		"/a/" + long + "7",
		"/a/" + long + "9" + query,
		"/a/%7e" + long + "3" + query,
		"/a/" + long + "3" + query + "%20",
		"/b?q=3" + query + "x",
	} {
		r.IsAllowed("ExampleBot/1.0", u)
		if n := testing.AllocsPerRun(20, func() { r.IsAllowed("ExampleBot/1.0", u) }); n != 0 {
			t.Errorf("IsAllowed(%.40q...): %v allocations per query, want 0", u, n)
		}
	}
}

// TestVerdictOnly covers what IsAllowed leaves out because it needs only
// the verdict: wildcard rules that could outrank the plain match but not
// reverse it, and the rest of a needle scan once a match cannot be
// reversed. The verdict must be Explain's, whose rule may differ from the
// one the verdict-only query stopped at (verdictRule; "" for none).
func TestVerdictOnly(t *testing.T) {
	var zz strings.Builder
	for i := range 20 {
		fmt.Fprintf(&zz, "Disallow: /*zz%d\n", i)
	}
	for _, c := range []struct {
		name, rules, path    string
		allowed              bool
		decider, verdictRule string
	}{
		{"a wildcard disallow cannot reverse a plain disallow",
			"Disallow: /a/\nDisallow: /*.pdf\n", "/a/x.pdf", false, "/*.pdf", "/a/"},
		{"a wildcard allow can reverse a plain disallow",
			"Disallow: /a/\nAllow: /*.pdf\n", "/a/x.pdf", true, "/*.pdf", "/*.pdf"},
		{"a wildcard allow cannot reverse no match",
			"Allow: /*.pdf\nDisallow: /b\n", "/x.pdf", true, "/*.pdf", ""},
		{"a wildcard disallow can reverse no match",
			"Disallow: /*.pdf\n", "/x.pdf", false, "/*.pdf", "/*.pdf"},
		{"a wildcard allow cannot reverse a plain allow",
			"Allow: /a/\nDisallow: /a\nAllow: /*.pdf\n", "/a/x.pdf", true, "/*.pdf", "/a/"},
		{"a wildcard disallow can reverse a plain allow",
			"Allow: /a/\nDisallow: /*.pdf\n", "/a/x.pdf", false, "/*.pdf", "/*.pdf"},
		// Rules of two trie nodes, "/" and "/a", tried one by one in that
		// order.
		{"rules one by one stop at a match no rule left could reverse",
			"Disallow: /*x\nDisallow: /a*yy\n", "/a/x-yy", false, "/a*yy", "/*x"},
		{"rules one by one go on while an allow could reverse their match",
			"Disallow: /*x\nAllow: /a*yy\n", "/a/x-yy", true, "/a*yy", "/a*yy"},
		// Four wildcard rules or more: a needle scan, which meets "aa"
		// before "bbbbbb".
		{"the scan stops at a match no rule left could reverse",
			"Disallow: /*aa\nDisallow: /*bbbbbb\nDisallow: /*cc1\nDisallow: /*cc2\n", "/aa/bbbbbb", false, "/*bbbbbb", "/*aa"},
		{"the scan goes on while an allow could reverse its match",
			"Disallow: /*aa\nAllow: /*bbbbbb\nDisallow: /*cc1\nDisallow: /*cc2\n", "/aa/bbbbbb", true, "/*bbbbbb", "/*bbbbbb"},
		// A long path is read in place, unchecked past the scan's match:
		// as given it ends in E, canonical in ~.
		{"a stop checks the rest of the path is canonical",
			"Disallow: /*ab*E$\n" + zz.String(), "/ab" + strings.Repeat("x", 200) + "%7E", true, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := Parse([]byte("User-agent: *\n" + c.rules))
			if got := r.IsAllowed("ExampleBot", c.path); got != c.allowed {
				t.Errorf("IsAllowed(%.40q) = %v, want %v", c.path, got, c.allowed)
			}
			if d := r.Explain("ExampleBot", c.path); d.Allowed != c.allowed || d.Rule.Pattern != c.decider {
				t.Errorf("Explain(%.40q) = %v by %q, want %v by %q", c.path, d.Allowed, d.Rule.Pattern, c.allowed, c.decider)
			}
			a := r.Agent("ExampleBot")
			got := ""
			if ref, _ := a.best(c.path, true); ref >= 0 {
				got = a.ref(ref).pattern
			}
			if got != c.verdictRule {
				t.Errorf("verdict only, %.40q stopped at %q, want %q", c.path, got, c.verdictRule)
			}
		})
	}
}

// TestRawPathBeyondTheTrie checks paths read in place up to where the walk
// down the trie stops and not canonical after it: what follows decides only
// through wildcard rules, which must see it canonical.
func TestRawPathBeyondTheTrie(t *testing.T) {
	r := Parse([]byte("User-agent: *\nDisallow: /a\nAllow: /*%41$\nAllow: /*b%20c\nDisallow: /*~x\n"))
	for _, c := range []struct {
		path    string
		allowed bool
	}{
		{"/aaaa", false},
		{"/aaaa%41", true},  // %41 is A: "Allow: /*A$" (5 octets) beats "Disallow: /a"
		{"/aaaa%4a", false}, // %4a is J
		{"/aaaab c", true},  // the space is written %20
		{"/aaaab%20c", true},
		{"/aaaab%2520c", false},
		{"/aaaa%7Ex", false}, // %7E is ~
		{"/aaaa%7ex?" + strings.Repeat("q", 300), false}, // long: the needle index
		{"/aaaa?" + strings.Repeat("q", 300) + "%41", true},
		{"/aaaa?" + strings.Repeat("q", 300) + " %41", true},
		{"/aaaa?" + strings.Repeat("q", 300) + "b%20c", true},
	} {
		if got := r.IsAllowed("ExampleBot", c.path); got != c.allowed {
			t.Errorf("IsAllowed(%.30q) = %v, want %v", c.path, got, c.allowed)
		}
	}
}

// TestTokenOctets checks the word-at-a-time product token scan against the
// octet table it replaces, for every octet at every place in a word.
func TestTokenOctets(t *testing.T) {
	for place := range 8 {
		for c := range 256 {
			var w uint64
			for i := range 8 {
				o := uint64('a')
				if i == place {
					o = uint64(c)
				}
				w |= o << (8 * i)
			}
			folded, n := tokenOctets(w)
			wantN := 8
			if tokenLower[c] == 0 {
				wantN = place
			}
			if n != wantN {
				t.Fatalf("tokenOctets with %#x at %d: %d token octets, want %d", c, place, n, wantN)
			}
			for i := range 8 {
				got := byte(folded >> (8 * i))
				var want byte
				switch {
				case i >= n:
				case i == place:
					want = byte(c) | 0x20
				default:
					want = 'a'
				}
				if got != want {
					t.Fatalf("tokenOctets with %#x at %d: octet %d is %#x, want %#x", c, place, i, got, want)
				}
			}
		}
	}
}

// TestTokenKeys checks that two user agents get the same Agent exactly when
// their product tokens are equal, around the 8 and 16 octets keys hold
// inline.
func TestTokenKeys(t *testing.T) {
	agents := []string{
		"", "/1.0", "a", "A", "b", "ab", "a_", "a-", "A-/2", "a_b", "a-b",
		"abcdefg", "abcdefgh", "ABCDEFGH/1", "abcdefghi", "abcdefgh_",
		"abcdefghijklmno", "abcdefghijklmnop", "ABCDEFGHIJKLMNOP (x)", "abcdefghijklmnopq",
		"abcdefghijklmnopr", "abcdefghijklmnopQ/1.0", "abcdefghijklmnop-q", "abcdefghijklmnop_q",
		"Mozilla/5.0 (compatible; ExampleBot/1.0)", "mozilla", "MOZILLA/4",
		"examplebot\x00", "example\xffbot", "exampl\x0dbot", "exampl\x0dBOT", "exampl-bot",
	}
	for _, a := range agents {
		ka := keyOf(a)
		if int(ka.n) != len(ProductToken(a)) {
			t.Errorf("keyOf(%q): token length %d, want %d", a, ka.n, len(ProductToken(a)))
		}
		for _, b := range agents {
			tb := ProductToken(b)
			kb := keyOf(tb)
			if got, want := kb.is(tb, &ka, a), ProductToken(a) == tb; got != want {
				t.Errorf("key of %q is the key of %q: %v, want %v", b, a, got, want)
			}
		}
	}
}

// TestAgentViews asks as more user agents than a document keeps views of,
// named and not, in turn and at once: each must get the Agent of its own
// token, as a fresh document gives it, and never allocate once it has.
func TestAgentViews(t *testing.T) {
	var doc strings.Builder
	for i := range 12 {
		fmt.Fprintf(&doc, "User-agent: bot%c\nDisallow: /%c\n\n", 'a'+i, 'a'+i)
	}
	doc.WriteString("User-agent: *\nDisallow: /z\n")
	// 26 tokens in both cases (12 named), then more unnamed tokens than
	// the fallback keeps views of.
	var agents []string
	for i := range 52 {
		agents = append(agents, fmt.Sprintf("bot%c/1.0", 'a'+i%26+(i/26)*('A'-'a')))
	}
	for i := range maxFallbackViews + 8 {
		agents = append(agents, fmt.Sprintf("other%c%c", 'a'+i/26, 'a'+i%26))
	}
	paths := []string{"/a", "/b", "/l", "/m", "/z", "/y"}
	r := Parse([]byte(doc.String()))
	check := func(ua string) error {
		fresh := Parse([]byte(doc.String()))
		for _, p := range paths {
			if got, want := r.IsAllowed(ua, p), fresh.IsAllowed(ua, p); got != want {
				return fmt.Errorf("IsAllowed(%q, %q) = %v, want %v", ua, p, got, want)
			}
		}
		return nil
	}
	for range 3 {
		for _, ua := range agents {
			if err := check(ua); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n := testing.AllocsPerRun(10, func() {
		for _, ua := range agents {
			r.IsAllowed(ua, "/m")
		}
	}); n != 0 {
		t.Fatalf("IsAllowed with %d agents in turn: %v allocations per round, want 0", len(agents), n)
	}
	done := make(chan error, len(agents))
	for _, ua := range agents {
		go func() {
			for range 20 {
				if err := check(ua); err != nil {
					done <- err
					return
				}
			}
			done <- nil
		}()
	}
	for range agents {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

// TestLayout checks the sizes the padding of Robots and Agent is for: the
// allocator aligns objects of these sizes to 64 octets, so the fields a
// query reads, at the start of each, share one cache line. The padding is
// laid out for 64-bit platforms, where it was measured; with pointers of 4
// octets the types are smaller and the alignment is left to chance, which
// costs such a platform some speed, not correctness.
func TestLayout(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skipf("the padding is laid out for 8-octet pointers, not %d", unsafe.Sizeof(uintptr(0)))
	}
	for _, c := range []struct {
		name       string
		size, want uintptr
	}{
		{"Robots", unsafe.Sizeof(Robots{}), 256},
		{"Agent", unsafe.Sizeof(Agent{}), 192},
		{"viewTable", unsafe.Sizeof(viewTable{}), 64},
		{"Agent's hot fields", unsafe.Offsetof(Agent{}.token), 56},
	} {
		if c.size != c.want {
			t.Errorf("%s: %d octets, want %d (adjust robotsPad or agentPad)", c.name, c.size, c.want)
		}
	}
	if off := unsafe.Offsetof(Robots{}.views); off != 0 {
		t.Errorf("Robots.views at offset %d, want 0", off)
	}
}

// BenchmarkLongLiteral asks one query against a wildcard rule whose literal
// part is 64 KiB of 'a' and a 'b', on a path of 128 KiB of 'a': the search
// for the literal fails at every place, so it must be linear in the path
// (a comparison at each place would be the path times the literal). The
// path is canonical, so it is searched where it lies; with an escape, it
// is searched rewritten, as bytes.
func BenchmarkLongLiteral(b *testing.B) {
	lit := strings.Repeat("a", 64<<10) + "b"
	r := Parse([]byte("User-agent: *\nDisallow: /*" + lit + "\n"))
	for _, c := range []struct{ name, path string }{
		{"in-place", "/" + strings.Repeat("a", 128<<10)},
		{"rewritten", "/%7e" + strings.Repeat("a", 128<<10)},
	} {
		b.Run(c.name, func(b *testing.B) {
			if !r.IsAllowed("ExampleBot", c.path) {
				b.Fatal("the path has no 'b', yet the rule matched")
			}
			b.ReportAllocs()
			for b.Loop() {
				r.IsAllowed("ExampleBot", c.path)
			}
		})
	}
}

// BenchmarkSharedNeedle asks about short paths of a file that fills the
// default limit with wildcard rules sharing the literal after their prefix
// ("/s0*x" to "/s26153*x"): a path holds that literal and the prefix of a
// rule or a few, and the needle scan should cost what those rules cost,
// not the 26,154 that share it.
func BenchmarkSharedNeedle(b *testing.B) {
	var doc strings.Builder
	doc.WriteString("User-agent: *\n")
	for i := 0; doc.Len()+len("Disallow: /s00000*x\n") <= DefaultMaxBytes; i++ {
		fmt.Fprintf(&doc, "Disallow: /s%d*x\n", i)
	}
	a := Parse([]byte(doc.String())).Agent("ExampleBot")
	for _, c := range []struct {
		name, path string
		want       bool
	}{
		{"one-rule", "/s9x", false},
		{"five-rules", "/s12345x", false},
		{"no-match", "/s9y", true},
	} {
		b.Run(c.name, func(b *testing.B) {
			if got := a.IsAllowed(c.path); got != c.want {
				b.Fatalf("IsAllowed(%q) = %v, want %v", c.path, got, c.want)
			}
			b.ReportAllocs()
			for b.Loop() {
				a.IsAllowed(c.path)
			}
		})
	}
}

// TestLabelLengths checks trie edges whose label length is written in one
// octet, two, or three (a uvarint: up to 127, to 16,383, past it), at each
// boundary: one rule makes one edge from the root as long as the rule.
func TestLabelLengths(t *testing.T) {
	for _, n := range []int{126, 127, 128, 129, 200, 16383, 16384, 16385} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			rule := "/" + strings.Repeat("a", n-1)
			r := Parse([]byte("User-agent: *\nDisallow: " + rule + "\nAllow: " + rule + "b\n"))
			for path, want := range map[string]bool{
				rule:             false,
				rule + "a":       false,
				rule[:n-1]:       true,
				rule[:n-1] + "b": true,
				rule + "b":       true,
				rule + "bc":      true,
				rule + "/x":      false,
			} {
				if got := r.IsAllowed("ExampleBot", path); got != want {
					t.Errorf("IsAllowed(%d-octet path) = %v, want %v", len(path), got, want)
				}
			}
		})
	}
}

// TestZeroOctets checks the word-at-a-time zero test against octet-wise
// comparison, for every octet value at every place in a word, among
// neighbours that are zero, 0x80 or random.
func TestZeroOctets(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, fill := range []string{"zero", "0x80", "random"} {
		for place := range 8 {
			for c := range 256 {
				var b [8]byte
				for i := range b {
					switch fill {
					case "0x80":
						b[i] = 0x80
					case "random":
						b[i] = byte(rng.Uint32())
					}
				}
				b[place] = byte(c)
				var want uint64
				for i, o := range b {
					if o == 0 {
						want |= 0x80 << (8 * i)
					}
				}
				if got := zeroOctets(binary.LittleEndian.Uint64(b[:])); got != want {
					t.Fatalf("zeroOctets(% x) = %#x, want %#x (%s neighbours)", b, got, want, fill)
				}
			}
		}
	}
}

// TestHighBitPathOctets covers raw path octets past 0x7f, which a step
// down the trie compares with its children's first octets a word at a
// time: one that differs from a child's only in the high bit (0xc3 and
// 'C', 0xe3 and 'c') must not match it.
func TestHighBitPathOctets(t *testing.T) {
	for _, c := range []struct {
		name, doc, path string
		allowed         bool
	}{
		{"é against /C) through /C", "User-agent: *\nDisallow: /a\nDisallow: /C!\nDisallow: /C)\n", "/\xc3\xa9", true},
		{"é as an absolute URL", "User-agent: *\nDisallow: /a\nDisallow: /C!\nDisallow: /C)\n", "https://example.com/\xc3\xa9", true},
		{"0xe3 against /c", "User-agent: *\nDisallow: /a\nDisallow: /c\n", "/\xe3", true},
		{"0xe3 against /%E3", "User-agent: *\nDisallow: /a\nDisallow: /%E3\n", "/\xe3", false},
		{"C) itself", "User-agent: *\nDisallow: /a\nDisallow: /C!\nDisallow: /C)\n", "/C)", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Parse([]byte(c.doc)).IsAllowed("ExampleBot", c.path); got != c.allowed {
				t.Errorf("IsAllowed(%q) = %v, want %v", c.path, got, c.allowed)
			}
		})
	}
}

// TestVerdictOnlyAgreesOnRandomDocuments asks random documents shaped to
// reach what the fixed cases reach least (wildcard rules at more trie
// nodes than maxWildNodes, nodes of many rules, mixed verdicts, paths over
// 170 octets read in place with non-canonical octets before, inside and
// after what a rule matches, Agents made of parts), and checks that
// IsAllowed's verdict-only answer is Explain's, the reference model's, and
// that of the matcher asked for the deciding rule on the canonical path.
// The seed is fixed, so a failure repeats.
func TestVerdictOnlyAgreesOnRandomDocuments(t *testing.T) {
	t.Parallel()
	g := &docGen{rng: rand.New(rand.NewPCG(1, 2))}
	const docs = 250
	var parts, inPlace, longRaw int
	for range docs {
		g.newDoc()
		rules := g.rules()
		// One or two groups for the agent, and one it does not use.
		groups := []Group{{UserAgents: []string{"bot"}, Rules: rules}}
		if g.rng.IntN(3) == 0 && len(rules) > 2 {
			k := g.rng.IntN(len(rules))
			groups = []Group{{UserAgents: []string{"bot"}, Rules: rules[:k]},
				{UserAgents: []string{"other"}, Rules: []Rule{{Pattern: "/"}}},
				{UserAgents: []string{"bot"}, Rules: rules[k:]}}
		}
		r := &Robots{Groups: groups}
		// The Agent the held bound would make instead: made of parts.
		pa := madeOfParts(r, "bot")
		if pa.parts != nil {
			parts++
		}
		rg := refGroupsOf(r)
		pats := refPatterns(refCandidates(rg, refSelect(rg, "bot"), nil))
		a := r.Agent("bot")
		for range 40 {
			path := g.path()
			got, exp, why := r.IsAllowed("bot", path), r.Explain("bot", path).Allowed, refDecideWhy(pats, path)
			gotA, gotP, expP := a.IsAllowed(path), pa.IsAllowed(path), pa.Explain(path).Allowed
			if got != exp || got != why.allowed || gotA != got || gotP != got || expP != got {
				t.Fatalf("rules %+v, path %q: IsAllowed %v, Agent.IsAllowed %v, Explain %v, reference %v, parts %v and %v",
					rules, path, got, gotA, exp, why.allowed, gotP, expP)
			}
			// The matcher itself, on the canonical path as bytes and as a
			// string, and on the path read in place (even where Agent.best
			// would rewrite it first), in both modes.
			rq, ok := requestPath(path)
			if !ok || a.rules.empty() {
				continue
			}
			canon := appendRequestPath(nil, rq)
			wantRef, wantKey, _ := best(&a.rules, canon, false)
			want := allows(wantRef, wantKey)
			if ref, key, _ := best(&a.rules, canon, true); allows(ref, key) != want {
				t.Fatalf("rules %+v, canonical path %q: verdict only %v, deciding rule %v", rules, canon, !want, want)
			}
			if ref, key, ok := best(&a.rules, string(canon), true); ok && allows(ref, key) != want {
				t.Fatalf("rules %+v, canonical path %q as a string: verdict only %v, deciding rule %v", rules, canon, !want, want)
			}
			if rq[0] != '/' {
				continue
			}
			for _, verdictOnly := range []bool{true, false} {
				ref, key, ok := best(&a.rules, rq, verdictOnly)
				if !ok {
					continue
				}
				inPlace++
				if len(rq) > 170 && needsCanonical(rq) {
					longRaw++
				}
				if allows(ref, key) != want || !verdictOnly && key != wantKey {
					t.Fatalf("rules %+v, path %q in place, verdictOnly %v: allowed %v (key %x), want %v (key %x)",
						rules, rq, verdictOnly, allows(ref, key), uint64(key), want, uint64(wantKey))
				}
			}
		}
	}
	t.Logf("%d documents, %d with an Agent of parts; %d paths answered in place, %d of them long and not canonical",
		docs, parts, inPlace, longRaw)
	// The generator must keep reaching what this test is for.
	if parts == 0 || longRaw == 0 {
		t.Errorf("%d documents, %d with an Agent of parts; %d paths answered in place, %d of them long and not canonical",
			docs, parts, inPlace, longRaw)
	}
}

// Tokens patterns and paths are made of: canonical ones and ones that
// canonicalisation rewrites (lower-case hex, escapes of unreserved
// characters, a lone '%', spaces, octets >= 0x80, escapes of '*' and '$').
var genCanon = []string{"a", "b", "c", "/", ".", "-", "~", "A", "%2F", "%20", "?", "=", "&", "x", "ab", "ba", "aa", "php",
	"E", "e", "7", "2", "f", "F", "1", "4", "d", "3", "7E", "2f", "61", "41", "ab$", "E$", "e$", "%25", "25"}
var genRaw = []string{"%7e", "%7E", "%41", "%61", "%2f", "%2F", "%", "%25", "%2", " ", "\x80", "\xff", "%e3%83%84", "ツ", "%2A", "%24", "*", "$", "%4", "%zz", "%20", "%3d",
	"%ab", "%aa", "%2a", "%a", "%ba", "%7f", "%fE", "%E", "%2525", "%%41", "%6"}

type docGen struct {
	rng     *rand.Rand
	base    string   // the path stem the prefixes are cut from
	cuts    []int    // token boundaries in base
	needles []string // segments rules share
}

func (g *docGen) tok(rawProb float64) string {
	if g.rng.Float64() < rawProb {
		return genRaw[g.rng.IntN(len(genRaw))]
	}
	return genCanon[g.rng.IntN(len(genCanon))]
}

func (g *docGen) newDoc() {
	r := g.rng
	var b strings.Builder
	b.WriteByte('/')
	g.cuts = []int{1}
	n := 4 + r.IntN(20)
	for range n {
		t := g.tok(0.15)
		if r.IntN(3) == 0 {
			t = string("abc/"[r.IntN(4)])
		}
		b.WriteString(t)
		g.cuts = append(g.cuts, b.Len())
	}
	g.base = b.String()
	g.needles = nil
	for range 2 + r.IntN(6) {
		var s strings.Builder
		for range 1 + r.IntN(3) {
			s.WriteString(g.tok(0.25))
		}
		ns := s.String()
		ns = strings.ReplaceAll(ns, "*", "") // no wildcard inside a needle
		if strings.HasSuffix(ns, "$") {
			ns = ns[:len(ns)-1] + "x"
		}
		if ns == "" {
			ns = "q"
		}
		g.needles = append(g.needles, ns)
	}
}

func (g *docGen) prefix() string {
	r := g.rng
	switch r.IntN(10) {
	case 0:
		return "" // a pattern starting with '*'
	case 1:
		return g.base[:1+r.IntN(len(g.base))] // any octet cut, escapes too
	}
	return g.base[:g.cuts[r.IntN(len(g.cuts))]]
}

func (g *docGen) seg() string {
	r := g.rng
	if r.IntN(4) > 0 {
		return g.needles[r.IntN(len(g.needles))]
	}
	var s strings.Builder
	for range 1 + r.IntN(2) {
		s.WriteString(g.tok(0.2))
	}
	return strings.ReplaceAll(s.String(), "*", "")
}

func (g *docGen) rule() Rule {
	r := g.rng
	p := g.prefix()
	if r.IntN(10) < 7 {
		for k := 1 + r.IntN(3); k > 0; k-- {
			p += "*" + g.seg()
		}
		if r.IntN(15) == 0 {
			p += "*"
		}
	} else if r.IntN(3) == 0 {
		p += g.tok(0.3)
	}
	if r.IntN(4) == 0 {
		p += "$"
	}
	if p == "" || p[0] != '/' && p[0] != '*' {
		p = "/" + p
	}
	if r.IntN(40) == 0 {
		p = strings.TrimSuffix(p, "$") + "/index.html"
	}
	return Rule{Allow: r.IntN(2) == 0, Pattern: p}
}

// chainRules makes wildcard rules at many trie depths along base: more
// than maxWildNodes nodes with wildcard rules on one path.
func (g *docGen) chainRules() []Rule {
	r := g.rng
	var rules []Rule
	depths := 9 + r.IntN(8)
	for i := range depths {
		var c int
		if i < len(g.cuts) {
			c = g.cuts[i]
		} else {
			c = 1 + r.IntN(len(g.base))
		}
		p := g.base[:c]
		k := 1 + r.IntN(3)
		if r.IntN(5) == 0 {
			k = 6 + r.IntN(20) // many at one node: overflow to the scan
		}
		for range k {
			q := p + "*" + g.seg()
			if r.IntN(5) == 0 {
				q += "$"
			}
			rules = append(rules, Rule{Allow: r.IntN(2) == 0, Pattern: q})
		}
	}
	return rules
}

func (g *docGen) rules() []Rule {
	r := g.rng
	var rules []Rule
	switch r.IntN(4) {
	case 0:
		rules = g.chainRules()
		if r.IntN(60) == 0 {
			// Many wildcard rules: the scan's larger tried marks.
			n := 257 + r.IntN(300)
			if r.IntN(4) == 0 {
				n = 4097 + r.IntN(200)
			}
			rules = append(rules, g.someRules(n)...)
		}
	case 1:
		rules = append(g.chainRules(), g.someRules(r.IntN(30))...)
	default:
		rules = g.someRules(1 + r.IntN(60))
	}
	r.Shuffle(len(rules), func(i, j int) { rules[i], rules[j] = rules[j], rules[i] })
	return rules
}

func (g *docGen) someRules(n int) []Rule {
	var rules []Rule
	for range n {
		rules = append(rules, g.rule())
	}
	return rules
}

func (g *docGen) path() string {
	r := g.rng
	var b strings.Builder
	switch r.IntN(8) {
	case 0:
		b.WriteString(g.base[:1+r.IntN(len(g.base))])
	case 1:
		b.WriteByte('/')
	default:
		b.WriteString(g.base[:g.cuts[r.IntN(len(g.cuts))]])
	}
	long := r.IntN(2) == 0
	target := 1 + r.IntN(40)
	if long {
		target = 171 + r.IntN(250)
	}
	rawProb := []float64{0, 0.02, 0.1, 0.3}[r.IntN(4)]
	for b.Len() < target {
		switch r.IntN(6) {
		case 0, 1:
			b.WriteString(g.needles[r.IntN(len(g.needles))])
		case 2:
			b.WriteString(strings.Repeat(string("ab/x"[r.IntN(4)]), 1+r.IntN(60)))
		default:
			b.WriteString(g.tok(rawProb))
		}
	}
	s := b.String()
	// Put a non-canonical octet or escape at a random place, or none.
	if r.IntN(3) == 0 {
		i := r.IntN(len(s) + 1)
		if i == 0 {
			i = 1
		}
		s = s[:i] + genRaw[r.IntN(len(genRaw))] + s[i:]
	}
	if r.IntN(6) == 0 {
		s += genRaw[r.IntN(len(genRaw))]
	}
	// Rewritten into a needle's non-canonical spelling: %7e for ~ etc.,
	// each with odds of 1 in n.
	for _, w := range []struct {
		n        int
		old, new string
	}{{5, "~", "%7e"}, {5, "A", "%41"}, {6, "%2F", "%2f"}, {8, "a", "%61"}, {8, "$", "%24"}} {
		if r.IntN(w.n) == 0 {
			s = strings.Replace(s, w.old, w.new, r.IntN(3)+1)
		}
	}
	if r.IntN(8) == 0 {
		s = "http://h" + s
	}
	return s
}

// TestIndex checks the matcher's substring search against the standard
// library's, on the string and the []byte paths alike, around the places it
// changes method: one-octet seps, false starts up to the point where it
// goes on by rolling hash, and matches before, at and after that point.
func TestIndex(t *testing.T) {
	a := func(n int) string { return strings.Repeat("a", n) }
	periods := func(n int) string { return strings.Repeat("x"+strings.Repeat("y", 15), n) }
	for _, tc := range []struct{ name, s, sep string }{
		{"empty sep", "abc", ""},
		{"empty both", "", ""},
		{"sep longer than s", "ab", "abc"},
		{"one octet, found", "xxxy", "y"},
		{"one octet, absent", "xxxx", "y"},
		{"at the start", "abcabc", "abc"},
		{"at the end", "xxxxabc", "abc"},
		{"whole of s", "abc", "abc"},
		{"first octet never", a(100), "ba"},
		{"second octet differs", a(100) + "ab", "ab"},
		{"a few false starts", "aab" + a(3) + "aac", "aac"},
		{"false starts to the hash, found in it", a(400) + "b", a(20) + "b"},
		{"false starts to the hash, absent", a(400), a(20) + "b"},
		{"false starts to the hash, at the very end", a(5000) + "b", "ab"},
		{"found by comparing, after a false start", a(40) + "b" + a(40), a(39) + "b" + a(2)},
		{"sep of all of s less one", a(999) + "b", a(998) + "b"},
		{"far-apart near matches, found", periods(300) + "z", periods(100) + "z"},
		{"far-apart near matches, absent", periods(300), periods(100) + "z"},
		{"non-ASCII", strings.Repeat("ツ", 50) + "ツx", "ツx"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := strings.Index(tc.s, tc.sep)
			if got := index(tc.s, []byte(tc.sep)); got != want {
				t.Errorf("index(string) = %d, want %d", got, want)
			}
			if got := index([]byte(tc.s), []byte(tc.sep)); got != want {
				t.Errorf("index([]byte) = %d, want %d", got, want)
			}
			if got := rabinKarp(tc.s, []byte(tc.sep)); got != want {
				t.Errorf("rabinKarp = %d, want %d", got, want)
			}
		})
	}
}

// TestMod61 checks the rolling hash's arithmetic modulo 2^61-1 against
// math/big at the edges of its range.
func TestMod61(t *testing.T) {
	p := big.NewInt(mersenne61)
	values := []uint64{0, 1, 2, 255, 256, 1 << 32, 1<<60 + 12345, mersenne61 - 2, mersenne61 - 1, rkBase}
	for _, x := range values {
		for _, y := range values {
			var want big.Int
			want.Add(new(big.Int).SetUint64(x), new(big.Int).SetUint64(y)).Mod(&want, p)
			if got := addMod61(x, y); got != want.Uint64() {
				t.Errorf("addMod61(%d, %d) = %d, want %d", x, y, got, want.Uint64())
			}
		}
	}
	// mulAdd61 takes and gives values up to 2^61+3, congruent but not
	// always reduced, and c up to 2^61-1 plus an octet.
	for _, h := range append(values, mersenne61, mersenne61+3) {
		for _, c := range append(values, mersenne61+255) {
			var want big.Int
			want.Mul(new(big.Int).SetUint64(h), new(big.Int).SetUint64(rkBase))
			want.Add(&want, new(big.Int).SetUint64(c)).Mod(&want, p)
			got := mulAdd61(h, c)
			if got >= mersenne61+4 || canonical61(got) != want.Uint64() {
				t.Errorf("mulAdd61(%d, %d) = %d, want %d or it plus 2^61-1, below 2^61+4", h, c, got, want.Uint64())
			}
		}
	}
	// addMod61 also takes 2^61-1 itself, which mersenne61 - m gives for m = 0.
	if got := addMod61(mersenne61, mersenne61); got != 0 {
		t.Errorf("addMod61(2^61-1, 2^61-1) = %d, want 0", got)
	}
}

// FuzzIndex checks the matcher's substring search, and its rolling-hash
// method alone, against strings.Index. The second seed's run of one octet
// makes the false starts that send index on to the hash.
func FuzzIndex(f *testing.F) {
	f.Add("abcabd", "abd")
	f.Add(strings.Repeat("a", 300)+"b", "aaab")
	f.Add("", "")
	f.Fuzz(func(t *testing.T, s, sep string) {
		want := strings.Index(s, sep)
		if got := index(s, []byte(sep)); got != want {
			t.Fatalf("index(%q, %q) = %d, want %d", s, sep, got, want)
		}
		if got := index([]byte(s), []byte(sep)); got != want {
			t.Fatalf("index([]byte(%q), %q) = %d, want %d", s, sep, got, want)
		}
		if got := rabinKarp(s, []byte(sep)); got != want {
			t.Fatalf("rabinKarp(%q, %q) = %d, want %d", s, sep, got, want)
		}
	})
}

// BenchmarkIndex times the matcher's substring search on the inputs that
// make a search by candidates slow: a path of 'a's against a long sep of
// 'a's and a 'b' (a false start at every octet), and a period repeated
// against many periods and a 'z' (a false start every 16 octets, each
// compared nearly all the way), 128 KiB of path each.
func BenchmarkIndex(b *testing.B) {
	period := "x" + strings.Repeat("y", 15)
	for _, c := range []struct{ name, s, sep string }{
		{"dense", strings.Repeat("a", 128<<10), strings.Repeat("a", 4<<10) + "b"},
		{"far-apart", strings.Repeat(period, 8<<10), strings.Repeat(period, 256) + "z"},
	} {
		b.Run(c.name, func(b *testing.B) {
			path, sep := []byte(c.s), []byte(c.sep)
			b.SetBytes(int64(len(path)))
			for b.Loop() {
				if index(path, sep) >= 0 {
					b.Fatal("found a sep that is not there")
				}
			}
		})
	}
}

// TestTrieLaysOutHeaviestChildFirst checks the layout buildTrie promises
// the walk: each node's child with the most keys below it (the first of
// them on a tie) right after the node, where a step is likeliest to find
// it in a line already read. Every key must still be found.
func TestTrieLaysOutHeaviestChildFirst(t *testing.T) {
	for _, tc := range []struct {
		name string
		keys []string // sorted
	}{
		{"the last child heaviest", []string{"/a", "/b", "/c/1", "/c/2", "/c/3"}},
		{"the middle child heaviest", []string{"/a", "/b/1", "/b/2", "/c"}},
		{"a tie goes to the first", []string{"/a/1", "/a/2", "/b/1", "/b/2"}},
		{"256 children, offsets by octet", allOctetKeys()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := new(compileScratch).buildTrie(len(tc.keys), func(i int32) []byte { return []byte(tc.keys[i]) },
				func(dst []byte, lo, hi int32) []byte { return append(dst, byte(lo)) })
			// below returns how many keys end at or below node n (the
			// offset of its label) and checks its children on the way.
			var below func(n int) int
			below = func(n int) int {
				l, w := binary.Uvarint(tr[n:])
				p := n + w + int(l) // past the label
				count := 0
				if len(tr.payload(p)) > 0 {
					count++ // one key ends here: the payload names it
				}
				p += 1 + len(tr.payload(p))
				kids := int(tr[p]) | int(tr[p+1])<<8
				p += 2
				slots := kids
				if kids <= maxScannedKids {
					p += kids
				} else {
					slots = int(tr[p+1]) - int(tr[p]) + 1
					p += 2
				}
				end := p + 4*slots // where the first child laid out must start
				heaviest, most := -1, 0
				for i := range slots {
					off := int(binary.LittleEndian.Uint32(tr[p+4*i:]))
					if off == 0 {
						continue // no child starts with this octet
					}
					k := below(off)
					if k > most {
						heaviest, most = off, k
					}
					count += k
				}
				if kids > 0 && heaviest != end {
					t.Errorf("node at %d: heaviest child at %d, want it at %d, right after the node", n, heaviest, end)
				}
				return count
			}
			if got := below(0); got != len(tc.keys) {
				t.Errorf("%d keys below the root, want %d", got, len(tc.keys))
			}
		})
	}
}

// TestTrieWideNodeStep checks step at a node with more children than it
// scans (maxScannedKids), whose offsets are indexed by octet from its
// lowest child's to its highest's: every child is found, and an octet
// outside that range, or inside it where the place holds 0, finds none.
func TestTrieWideNodeStep(t *testing.T) {
	for _, tc := range []struct {
		name   string
		octets string // the wide node's children, ascending
	}{
		{"letters with gaps", "abdfhjlnprtvxz"},
		{"one more than scanned", "0123456789abc"},
		{"far apart", "\x00!AZaz\x7f\x80\xa0\xc3\xe2\xef\xfe\xff"},
		{"every octet", func() string {
			var b []byte
			for c := range 256 {
				b = append(b, byte(c))
			}
			return string(b)
		}()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if len(tc.octets) <= maxScannedKids {
				t.Fatalf("%d children: not a wide node", len(tc.octets))
			}
			keys := make([]string, len(tc.octets))
			for i := range tc.octets {
				keys[i] = "/" + tc.octets[i:i+1] + "x" // each child's label: its octet and "x"
			}
			tr := new(compileScratch).buildTrie(len(keys), func(i int32) []byte { return []byte(keys[i]) },
				func(dst []byte, lo, hi int32) []byte { return append(dst, byte(lo)) })
			slash, matched := step(tr, trieRoot, "/", 0)
			if slash < 0 || matched != 1 {
				t.Fatalf("step from the root over \"/\" = %d, %d; want the wide node, 1", slash, matched)
			}
			for c := range 256 {
				path := "/" + string([]byte{byte(c)}) + "xy"
				next, matched := step(tr, slash, path, 1)
				i := strings.IndexByte(tc.octets, byte(c))
				switch {
				case i < 0 && (next >= 0 || matched != 0):
					t.Errorf("octet %#x, no child: step = %d, %d; want -1, 0", c, next, matched)
				case i >= 0 && matched != 2:
					t.Errorf("octet %#x: step = %d, %d; want its child, 2", c, next, matched)
				case i >= 0:
					if p := tr.payload(next); len(p) != 1 || int(p[0]) != i {
						t.Errorf("octet %#x: step reached the node of key %v, want %d", c, p, i)
					}
				}
			}
		})
	}
}

// allOctetKeys returns "/" followed by each octet, and "/a" followed by
// each octet too, sorted: "/" has a child for every octet, 256 offsets
// indexed by octet, and the 'a' child is the heaviest.
func allOctetKeys() []string {
	var keys []string
	for c := range 256 {
		keys = append(keys, "/"+string([]byte{byte(c)}))
		if c == 'a' {
			for d := range 256 {
				keys = append(keys, "/a"+string([]byte{byte(d)}))
			}
		}
	}
	return keys
}

// TestSortRulesOrdersAsComparing checks sortRules, which compares prefixes
// eight octets at a time, against a plain sort comparing them whole, on
// random rules whose prefixes share long runs (few letters) and end on
// either side of the eight-octet steps.
func TestSortRulesOrdersAsComparing(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 300 {
		n := 1 + rng.IntN(60)
		var lits []byte
		var rules []matchRule
		for i := range n {
			var raw strings.Builder
			raw.WriteString("/")
			raw.WriteString(strings.Repeat("a", rng.IntN(20)))
			for range rng.IntN(4) {
				raw.WriteByte("ab/"[rng.IntN(3)])
			}
			if rng.IntN(3) == 0 {
				raw.WriteString("*x")
			}
			if rng.IntN(4) == 0 {
				raw.WriteString("$")
			}
			var p pattern
			start := len(lits)
			lits, p, _ = appendPattern(lits, raw.String())
			p.lits = lits[start:len(lits):len(lits)]
			rules = append(rules, matchRule{pattern: p, key: makeRankKey(p.length, rng.IntN(2) == 0, int32(i))})
		}
		want := slices.Clone(rules)
		slices.SortFunc(want, func(a, b matchRule) int {
			if c := bytes.Compare(a.prefix(), b.prefix()); c != 0 {
				return c
			}
			if a.wild != b.wild {
				return cmp.Compare(b2i(a.wild), b2i(b.wild))
			}
			return cmp.Compare(b.key, a.key)
		})
		sortRules(rules, nil)
		for i := range rules {
			if rules[i].key != want[i].key {
				t.Fatalf("round %d: rule %d is %q (key %x), want %q (key %x)", round, i,
					rules[i].lits, rules[i].key, want[i].lits, want[i].key)
			}
		}
	}
}

// TestCompileScratchKeptBounded checks that compiling keeps no more than
// maxScratchKept octets of scratch for the next compile, however many rules
// it compiled, and that the scratch of a small document is kept. The pool
// gives back on this P what it was last given, except that under the race
// detector it drops a quarter of what it is given, at random, and a
// collection may empty it: a small document's scratch must be kept in one
// of a few tries.
func TestCompileScratchKeptBounded(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rules int
		kept  bool
	}{
		{"a few rules", 20, true},
		{"thousands of rules", 5000, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var doc strings.Builder
			doc.WriteString("User-agent: *\n")
			for i := range tc.rules {
				fmt.Fprintf(&doc, "Disallow: /d%d/*.pdf\n", i)
			}
			keptOnce := false
			for range 8 {
				before := compileScratches.Get().(*compileScratch)
				compileScratches.Put(before)
				if parseString(doc.String()).IsAllowed("bot", "/d1/a.pdf") {
					t.Fatal("/d1/a.pdf allowed")
				}
				sc := compileScratches.Get().(*compileScratch)
				if sc.size() > maxScratchKept {
					t.Fatalf("the pool kept %d octets of scratch, want at most %d", sc.size(), maxScratchKept)
				}
				keptOnce = keptOnce || sc == before && sc.size() > 0
				compileScratches.Put(sc)
			}
			if tc.kept && !keptOnce {
				t.Error("a small compile's scratch was never kept")
			}
		})
	}
}

// BenchmarkNewRuleSet compiles, once a pass, every corpus file's rules
// as one set (every group's, as an agent all groups named would get),
// reporting MB/s of the files' sizes: the compile a document's first query
// for an agent pays on top of the parse (benchmarks' ParseAndAsk), alone.
func BenchmarkNewRuleSet(b *testing.B) {
	var sets [][]ruleSpec
	size := 0
	for _, file := range corpusFiles(b) {
		data, err := os.ReadFile(file)
		if err != nil {
			b.Fatal(err)
		}
		r := Parse(data)
		groups := make([]int, len(r.Groups))
		for i := range groups {
			groups[i] = i
		}
		specs, _ := ruleSpecs(nil, r.Groups, groups, nil)
		sets = append(sets, specs)
		size += min(len(data), DefaultMaxBytes)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, specs := range sets {
			newRuleSet(specs, 0)
		}
	}
}

// globMatches is a matcher written apart from the package's, by dynamic
// programming over positions, for patterns and paths whose octets are all
// canonical and none an escape: whether pattern matches a prefix of path
// (all of it, when the pattern ends in '$'); an empty pattern matches
// nothing (SPEC §1).
func globMatches(pattern, path string) bool {
	if pattern == "" {
		return false
	}
	anchored := strings.HasSuffix(pattern, "$")
	pattern = strings.TrimSuffix(pattern, "$")
	// at[j]: the pattern read so far can end at path[:j].
	at := make([]bool, len(path)+1)
	at[0] = true
	for i := 0; i < len(pattern); i++ {
		next := make([]bool, len(path)+1)
		for j := range at {
			switch {
			case pattern[i] == '*':
				// Any end at or after one the pattern so far reaches.
				next[j] = at[j] || j > 0 && next[j-1]
			case at[j] && j < len(path) && path[j] == pattern[i]:
				next[j+1] = true
			}
		}
		at = next
	}
	if anchored {
		return at[len(path)]
	}
	return slices.Contains(at, true)
}

// outranks reports whether rule j of specs wins over rule i wherever both
// match (RFC 9309 §2.2.2), by the rank keys the matcher gives them.
func outranks(specs []ruleSpec, j, i int) bool {
	_, pj, _ := appendPattern(nil, specs[j].pattern)
	_, pi, _ := appendPattern(nil, specs[i].pattern)
	return makeRankKey(pj.length, specs[j].allow, int32(j)) > makeRankKey(pi.length, specs[i].allow, int32(i))
}

// specsOf reads "A/a D/a*" as Allow: /a and Disallow: /a*, each its own ref.
func specsOf(s string) []ruleSpec {
	var specs []ruleSpec
	for i, f := range strings.Fields(s) {
		specs = append(specs, ruleSpec{pattern: f[1:], allow: f[0] == 'A', ref: int32(i)})
	}
	return specs
}

func TestNeverDecide(t *testing.T) {
	// globMatches, the fuzz target's oracle, agrees with the matcher.
	r := rand.New(rand.NewPCG(7, 8))
	for range 20000 {
		var pattern, path []byte
		for range r.IntN(7) {
			pattern = append(pattern, "/ab*$"[r.IntN(5)])
		}
		path = append(path, '/')
		for range r.IntN(7) {
			path = append(path, "/ab*$"[r.IntN(5)])
		}
		lits, p, ok := appendPattern(nil, string(pattern))
		p.lits = lits
		if want := ok && matches(&p, path); globMatches(string(pattern), string(path)) != want {
			t.Fatalf("globMatches(%q, %q) = %v, the matcher says %v", pattern, path, !want, want)
		}
	}
	for _, tc := range []struct {
		name, specs string
		want        []int32 // the cover of each spec, -1 for none
	}{
		{"a longer pattern that matches more outranks", "D/a A/a*", []int32{1, -1}},
		{"the same pattern twice: the first wins a full tie", "D/a D/a", []int32{-1, 0}},
		{"Allow wins a tie of the same pattern (RFC 9309 §2.2.2)", "D/a A/a", []int32{1, -1}},
		{"a shorter pattern that matches more does not outrank", "D/a/b A/a", []int32{-1, -1}},
		{"an anchored pattern matches less", "A/a$ D/a", []int32{-1, -1}},
		{"a trailing *$ adds length, not paths", "D/a*$ A/a", []int32{-1, 0}},
		{"paths start with '/': *x is /*x", "D*x A/*x", []int32{1, -1}},
		{"*/x matches /x, which /*/x does not", "D*/x A/*/x", []int32{-1, -1}},
		{"*/x covers /x, and is longer", "D*/x A/*/x A/x", []int32{-1, -1, 0}},
		{"both words of */x covered, each by another pattern: no one cover", "D*/x A/*/x A/x*", []int32{-1, -1, -1}},
		{"both words of */x covered by one pattern", "D*/x A/*/x A/*x*", []int32{2, -1, -1}},
		{"/a*b is in /*b, which is shorter", "D/a*b A/*b", []int32{-1, -1}},
		{"/a*b is in /*b*, as long, Allow", "D/a*b A/*b*", []int32{1, -1}},
		{"segments in order", "D/a*b*c A/a*c**", []int32{1, -1}},
		{"segments out of order", "D/a*c*b A/a*b*c*", []int32{-1, -1}},
		{"spellings of one pattern", "D/~a D/%7Ea D/%7ea", []int32{-1, 0, 0}},
		{"a pattern that matches nothing is left alone", "Dx D/x", []int32{-1, -1}},
		{"an empty pattern matches nothing", "D D/", []int32{-1, -1}},
		{"the '$' of a wildcard tail", "D/a*.php$ A/*.php$", []int32{-1, -1}},
		{"an anchored tail in a longer one", "D/a*.php$ A/**.php$", []int32{1, -1}},
		{"everything, outranked", "D* A/*", []int32{1, -1}},
		{"everything, as long as / and outranked by its Allow", "D* A/", []int32{1, -1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			specs := specsOf(tc.specs)
			got, left, complete := neverDecide(specs, 1<<20)
			if !slices.Equal(got, tc.want) || !complete {
				t.Errorf("neverDecide(%s) = %v, complete %v; want %v, complete", tc.specs, got, complete, tc.want)
			}
			if left <= 0 || left > 1<<20 {
				t.Errorf("neverDecide(%s) left %d of 1<<20 units of work", tc.specs, left)
			}
		})
	}
	// A rule's two specs (an Allow of an index file and its directory) do
	// not cover each other.
	specs := []ruleSpec{{pattern: "/d/", allow: true, ref: 0}, {pattern: "/d/*", allow: true, ref: 0}}
	if got, _, _ := neverDecide(specs, 1<<20); !slices.Equal(got, []int32{-1, -1}) {
		t.Errorf("neverDecide of one rule's two specs = %v, want no cover", got)
	}
	// Work beyond the budget: none left, and only the covers of patterns
	// by others of the same text.
	got, left, complete := neverDecide(specsOf("D/*a D/*b D/*c A/*d D/*a D/*a*"), 10)
	if want := []int32{5, -1, -1, -1, 5, -1}; !slices.Equal(got, want) || left != 0 || complete {
		t.Errorf("neverDecide on a budget of 10 = %v, %d left, complete %v; want %v, 0, incomplete", got, left, complete, want)
	}
}

// FuzzNeverDecide checks every cover neverDecide finds against globMatches
// over every path of up to six octets of '/', 'a' and 'b': the cover
// matches each path the rule it covers matches, and outranks it.
func FuzzNeverDecide(f *testing.F) {
	f.Add("D/a A/a* D*b A/*b*$ Da/ D/a$")
	f.Add("D*/b A/*/b A/b D/ab*a*b$")
	f.Add("D/* A/$ D* A/a*a*a")
	paths := []string{"/"}
	for i := 0; i < len(paths) && len(paths[i]) < 6; i++ {
		for _, c := range "/ab" {
			paths = append(paths, paths[i]+string(c))
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		// Patterns of '/', 'a', 'b', '*' and '$' only, which globMatches
		// reads as the matcher does; up to 12 of them.
		s = strings.Map(func(r rune) rune {
			if strings.ContainsRune("/ab*$AD ", r) {
				return r
			}
			return -1
		}, s)
		fields := strings.Fields(s)
		if len(fields) > 12 {
			fields = fields[:12]
		}
		for i, f := range fields {
			fields[i] = f[:min(len(f), 40)] // globMatches takes pattern times path
		}
		for i, f := range fields {
			if f[0] != 'A' && f[0] != 'D' {
				fields[i] = "D" + f
			}
			fields[i] = fields[i][:1] + strings.Map(func(r rune) rune {
				if r == 'A' || r == 'D' {
					return -1
				}
				return r
			}, fields[i][1:])
		}
		specs := specsOf(strings.Join(fields, " "))
		covers, _, _ := neverDecide(specs, 1<<20)
		// The short paths, and those each pattern suggests, which may be
		// longer or hold a '$': a cover must match them all too.
		paths := paths
		for _, spec := range specs {
			body := strings.TrimSuffix(spec.pattern, "$")
			if !strings.HasPrefix(body, "/") {
				body = "/" + body
			}
			for _, fill := range []string{"", "a", "/b", "ab$"} {
				p := strings.ReplaceAll(body, "*", fill)
				paths = append(paths, p, p+"a", p+"/")
			}
		}
		for i, j := range covers {
			if j < 0 {
				continue
			}
			if specs[j].ref == specs[i].ref || !outranks(specs, int(j), i) {
				t.Fatalf("%v: %q is said to cover %q, which it does not outrank", fields, specs[j].pattern, specs[i].pattern)
			}
			for _, p := range paths {
				if globMatches(specs[i].pattern, p) && !globMatches(specs[j].pattern, p) {
					t.Fatalf("%v: %q is said to cover %q, but only the second matches %q", fields, specs[j].pattern, specs[i].pattern, p)
				}
			}
		}
	})
}
