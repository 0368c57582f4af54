package benchmarks

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
	"strings"
)

// Seed is the seed of the workload the benchmarks run. Changing it changes
// every derived query; the crawled paths stay the same.
const Seed uint64 = 0x5eed_2024_0714

// Rule-derived queries per site: this many rules are picked from each file
// ('$' rules first, up to dollarPerSite), and each gives up to four queries
// (hit or wildcard hit, near miss, '$' miss, and for half of them a percent
// variant); each site also gets longPerSite long queries. With the crawled
// paths this makes about 11,700 queries: enough to defeat caches that one
// repeated query would flatter, few enough to set up in a fraction of a
// second. Long queries are under 3% of them: they are rare in real crawls,
// and they dominate the mean of any library whose cost grows with the URL
// (temoto spends 80% of its time on them at 5%).
const (
	rulesPerSite  = 10
	dollarPerSite = 2
	longPerSite   = 1
)

// A Kind says how a workload query was made.
type Kind uint8

// The kinds of workload query.
const (
	Crawled    Kind = iota // a real crawled path of the site (testdata/crawled-paths.tsv)
	Hit                    // a rule's pattern without '*' (its literal part), maybe extended
	Wildcard               // a rule's pattern with each '*' filled in, maybe extended
	NearMiss               // a hit with one octet changed, or its last octet cut
	DollarMiss             // a '$'-anchored pattern's match plus a suffix
	Percent                // a hit with its percent-encoding changed (%61 for a, hex case, UTF-8)
	Long                   // a path with a 1-4 KB query string
	numKinds
)

var kindNames = [numKinds]string{"crawled", "hit", "wildcard", "nearmiss", "dollarmiss", "percent", "long"}

// String returns the kind's lower-case name, as the TSV dump writes it.
func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Agents is the user-agent mix of the workload: a generic crawler whose
// product token no file names, so it falls to the '*' groups, and named
// crawlers with groups in many corpus files (files with a user-agent line of
// exactly that token: AdsBot-Google 77, Googlebot 65, GPTBot 59, CCBot 51,
// Bingbot 48, Baiduspider 34). They are written the way crawlers pass them
// to a robots library: product/version.
var Agents = []string{
	"ExampleCrawler/1.0 (+https://crawler.example/about)",
	"Googlebot/2.1",
	"bingbot/2.0",
	"GPTBot/1.2",
	"AdsBot-Google",
	"CCBot/2.0",
	"Baiduspider/2.0",
}

// genericWeight is how many times more often the generic crawler is drawn
// than each named one when a query's agent is picked at random.
const genericWeight = 3

// A Query is one IsAllowed question of the workload.
type Query struct {
	Site    int    // index into Corpus.Files of the site's robots.txt
	Agent   string // one of Agents
	Path    string // path + "?query", '/'-rooted, as a crawler passes it
	Kind    Kind   // how the query was derived
	Pattern string // the rule pattern the query was derived from; "" for crawled paths
}

// A Workload is a deterministic set of IsAllowed queries over a Corpus.
type Workload struct {
	Corpus  *Corpus // the corpus the queries are about
	Queries []Query // grouped by site, in Corpus.Files order
}

// NewWorkload builds the workload for c from seed. The same corpus and seed
// always give the same queries in the same order: each site draws from its
// own generator, seeded from seed and the file name, so adding a file to the
// corpus does not change the queries of the others.
func NewWorkload(c *Corpus, seed uint64) *Workload {
	w := &Workload{Corpus: c}
	for i, f := range c.Files {
		g := &generator{rng: newRNG(seed ^ fnv64(f.Name)), site: i}
		w.Queries = append(w.Queries, g.queries(f, c.Crawled[f.Name])...)
	}
	return w
}

// WriteTSV writes the workload as tab-separated lines: file, kind, agent,
// pattern, path. Tabs, CR, LF and backslashes inside fields are written as
// \t, \r, \n and \\.
func (w *Workload) WriteTSV(out io.Writer) error {
	bw := bufio.NewWriter(out)
	bw.WriteString("# file\tkind\tagent\tpattern\tpath\n")
	for _, q := range w.Queries {
		bw.WriteString(w.Corpus.Files[q.Site].Name)
		for _, s := range [...]string{q.Kind.String(), q.Agent, q.Pattern, q.Path} {
			bw.WriteByte('\t')
			bw.WriteString(tsvEscaper.Replace(s))
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

var tsvEscaper = strings.NewReplacer("\\", `\\`, "\t", `\t`, "\r", `\r`, "\n", `\n`)

// A generator derives one site's queries.
type generator struct {
	rng  *rng
	site int
	out  []Query
}

func (g *generator) add(kind Kind, agent, pattern string, path []byte) {
	g.out = append(g.out, Query{Site: g.site, Agent: agent, Path: string(path), Kind: kind, Pattern: pattern})
}

func (g *generator) queries(f File, crawled []string) []Query {
	for _, p := range crawled {
		g.add(Crawled, g.randomAgent(), "", []byte(p))
	}

	groups := extractGroups(f.Data)
	type ref struct{ group, rule int }
	var refs []ref
	for gi, grp := range groups {
		for ri := range grp.rules {
			refs = append(refs, ref{gi, ri})
		}
	}
	// '$' rules are rarer than others (152 of 332 files have one), so up
	// to dollarPerSite of them are drawn first; the rest of the sample is
	// drawn from all the remaining rules. Partial Fisher-Yates both times.
	d := 0
	for i, r := range refs {
		if strings.HasSuffix(groups[r.group].rules[r.rule], "$") {
			refs[d], refs[i] = refs[i], refs[d]
			d++
		}
	}
	n := 0
	for ; n < min(dollarPerSite, d); n++ {
		j := n + g.rng.intn(d-n)
		refs[n], refs[j] = refs[j], refs[n]
	}
	for ; n < min(rulesPerSite, len(refs)); n++ {
		j := n + g.rng.intn(len(refs)-n)
		refs[n], refs[j] = refs[j], refs[n]
	}
	var bases [][]byte // hit paths, reused as bases of the long queries
	for _, r := range refs[:n] {
		grp := groups[r.group]
		p := grp.rules[r.rule]
		agent := g.agentFor(grp)
		exact := g.expand(p)

		hit := exact
		if !strings.HasSuffix(p, "$") {
			hit = append(bytes.Clone(exact), hitSuffixes[g.rng.intn(len(hitSuffixes))]...)
		}
		kind := Hit
		if strings.Contains(p, "*") {
			kind = Wildcard
		}
		g.add(kind, agent, p, hit)
		bases = append(bases, hit)

		if miss := g.nearMiss(exact); miss != nil {
			g.add(NearMiss, agent, p, miss)
		}
		if len(p) > 1 && strings.HasSuffix(p, "$") {
			suffix := dollarSuffixes[g.rng.intn(len(dollarSuffixes))]
			g.add(DollarMiss, agent, p, append(bytes.Clone(exact), suffix...))
		}
		if g.rng.intn(2) == 0 {
			if v := g.percentVariant(hit); v != nil {
				g.add(Percent, agent, p, v)
			}
		}
	}

	for range longPerSite {
		var base []byte
		switch {
		case len(bases) > 0:
			base = bases[g.rng.intn(len(bases))]
		case len(crawled) > 0:
			base = []byte(crawled[g.rng.intn(len(crawled))])
		default:
			base = []byte("/search")
		}
		g.add(Long, g.randomAgent(), "", g.longQuery(base))
	}
	return g.out
}

// Fillers for '*' and suffixes for hits and '$' misses: the shapes real
// URLs take after a rule's literal part.
var (
	starFills      = []string{"", "x", "en/", "2024/07/", "shop/item-42", "a.b", "q-1"}
	hitSuffixes    = []string{"", "", "index.html", "x/y", "?utm_source=feed", "-2", "/page/3"}
	dollarSuffixes = []string{"x", "/", "?a=1", ".bak", "/index.html"}
)

// expand returns a path matched by pattern p: each '*' filled in, a final
// '$' dropped, and a '/' in front when p starts with neither '/' nor '*'
// (such patterns match nothing; the query still asks).
func (g *generator) expand(p string) []byte {
	b := make([]byte, 0, len(p)+16)
	if p == "" || (p[0] != '/' && p[0] != '*') {
		b = append(b, '/')
	}
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '*':
			b = append(b, starFills[g.rng.intn(len(starFills))]...)
		case c == '$' && i == len(p)-1:
		default:
			b = append(b, c)
		}
	}
	if len(b) == 0 || b[0] != '/' {
		b = append([]byte{'/'}, b...)
	}
	return b
}

// nearMiss returns path with one octet after the leading '/' changed, or
// its last octet cut; nil when path is just "/".
func (g *generator) nearMiss(path []byte) []byte {
	if len(path) < 2 {
		return nil
	}
	m := bytes.Clone(path)
	if g.rng.intn(3) == 0 {
		return m[:len(m)-1]
	}
	const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789-_"
	i := 1 + g.rng.intn(len(m)-1)
	c := alphabet[g.rng.intn(len(alphabet))]
	if c == m[i] {
		c = alphabet[(strings.IndexByte(alphabet, c)+1)%len(alphabet)]
	}
	m[i] = c
	return m
}

// percentVariant returns path written with different percent-encoding that
// RFC 9309 §2.2.2 (and Google's parser) treat as the same path: an
// unreserved octet escaped (a -> %61), existing escapes in the other hex
// case, raw UTF-8 escaped, or escaped UTF-8 written raw. Nil when none applies.
func (g *generator) percentVariant(path []byte) []byte {
	var options []func([]byte) []byte
	if escapeOneUnreserved(path, 0) != nil {
		options = append(options, func(p []byte) []byte {
			// Escape the k-th unreserved octet after the leading '/'.
			return escapeOneUnreserved(p, g.rng.intn(countUnreserved(p)))
		})
	}
	if hasHexLetterEscape(path) {
		options = append(options, flipEscapeCase)
	}
	if hasNonASCII(path) {
		options = append(options, escapeNonASCII)
	}
	if hasHighEscape(path) {
		options = append(options, unescapeHigh)
	}
	if len(options) == 0 {
		return nil
	}
	return options[g.rng.intn(len(options))](path)
}

// longQuery returns base with a query string of 1-4 KB appended (after '&'
// if base already has a query).
func (g *generator) longQuery(base []byte) []byte {
	target := 1024 + g.rng.intn(3*1024+1)
	b := bytes.Clone(base)
	sep := byte('?')
	if bytes.IndexByte(b, '?') >= 0 {
		sep = '&'
	}
	const alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	start := len(b)
	for k := 0; len(b)-start < target; k++ {
		b = append(b, sep)
		sep = '&'
		b = append(b, "k"...)
		b = strconv.AppendInt(b, int64(k), 10)
		b = append(b, '=')
		for n := 8 + g.rng.intn(33); n > 0; n-- {
			b = append(b, alnum[g.rng.intn(len(alnum))])
		}
	}
	return b
}

// randomAgent draws from Agents, the generic crawler genericWeight times as
// often as each named one.
func (g *generator) randomAgent() string {
	i := g.rng.intn(len(Agents) - 1 + genericWeight)
	if i < genericWeight {
		return Agents[0]
	}
	return Agents[i-genericWeight+1]
}

// agentFor returns, half of the time, an agent the rule's group names (the
// generic crawler for a '*' group) so that named groups are exercised; else
// a random agent.
func (g *generator) agentFor(grp group) string {
	if g.rng.intn(2) == 0 {
		off := g.rng.intn(len(grp.agents))
		for i := range grp.agents {
			tok := grp.agents[(off+i)%len(grp.agents)]
			if tok == "*" {
				return Agents[0]
			}
			for _, a := range Agents[1:] {
				if productToken(a) == tok {
					return a
				}
			}
		}
	}
	return g.randomAgent()
}

// A group is a run of user-agent lines and the patterns of the allow and
// disallow lines after it, as far as the workload generator needs to know.
type group struct {
	agents []string // product tokens, lower-cased; "*" for the wildcard
	rules  []string // non-empty patterns as written
}

// extractGroups is a deliberately small robots.txt reader, independent of
// both libraries under test, that finds the rules to derive queries from. It
// need not agree with RFC 9309 on corner cases: it only picks test inputs.
func extractGroups(data []byte) []group {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var groups []group
	inRules := true // a user-agent line after rules (or at the start) opens a group
	for len(data) > 0 {
		i := bytes.IndexAny(data, "\r\n")
		line := data
		if i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if h := bytes.IndexByte(line, '#'); h >= 0 {
			line = line[:h]
		}
		before, after, ok := bytes.Cut(line, []byte{':'})
		if !ok {
			continue
		}
		key := strings.ToLower(string(bytes.TrimSpace(before)))
		value := string(bytes.TrimSpace(after))
		switch key {
		case "user-agent":
			if inRules {
				groups = append(groups, group{})
				inRules = false
			}
			tok := productToken(value)
			if strings.HasPrefix(value, "*") {
				tok = "*"
			}
			last := &groups[len(groups)-1]
			last.agents = append(last.agents, tok)
		case "allow", "disallow":
			if len(groups) == 0 {
				continue
			}
			inRules = true
			if value != "" {
				last := &groups[len(groups)-1]
				last.rules = append(last.rules, value)
			}
		}
	}
	return groups
}

// productToken returns the lower-cased leading run of [A-Za-z_-] of s, the
// way SPEC §1 reduces user agents.
func productToken(s string) string {
	n := 0
	for n < len(s) {
		c := s[n]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c == '-') {
			break
		}
		n++
	}
	return strings.ToLower(s[:n])
}

const upperHex = "0123456789ABCDEF"

func isUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}

func countUnreserved(p []byte) int {
	n := 0
	for _, c := range p[1:] {
		if isUnreserved(c) {
			n++
		}
	}
	return n
}

// escapeOneUnreserved returns p with its k-th unreserved octet after the
// leading '/' percent-encoded; nil when there is no such octet.
func escapeOneUnreserved(p []byte, k int) []byte {
	for i := 1; i < len(p); i++ {
		if !isUnreserved(p[i]) {
			continue
		}
		if k > 0 {
			k--
			continue
		}
		out := make([]byte, 0, len(p)+2)
		out = append(out, p[:i]...)
		out = append(out, '%', upperHex[p[i]>>4], upperHex[p[i]&15])
		return append(out, p[i+1:]...)
	}
	return nil
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func hasHexLetterEscape(p []byte) bool {
	for i := 0; i+2 < len(p); i++ {
		if p[i] == '%' && isHex(p[i+1]) && isHex(p[i+2]) && (p[i+1] > '9' || p[i+2] > '9') {
			return true
		}
	}
	return false
}

// flipEscapeCase swaps the case of the hex letters of every escape in p.
func flipEscapeCase(p []byte) []byte {
	out := bytes.Clone(p)
	for i := 0; i+2 < len(out); i++ {
		if out[i] == '%' && isHex(out[i+1]) && isHex(out[i+2]) {
			out[i+1] ^= flipCase(out[i+1])
			out[i+2] ^= flipCase(out[i+2])
			i += 2
		}
	}
	return out
}

// flipCase returns the bit that toggles the case of an ASCII letter c, 0
// for anything else.
func flipCase(c byte) byte {
	if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
		return 0x20
	}
	return 0
}

func hasNonASCII(p []byte) bool {
	for _, c := range p {
		if c >= 0x80 {
			return true
		}
	}
	return false
}

// escapeNonASCII percent-encodes every octet of p at or above 0x80.
func escapeNonASCII(p []byte) []byte {
	out := make([]byte, 0, len(p)*2)
	for _, c := range p {
		if c >= 0x80 {
			out = append(out, '%', upperHex[c>>4], upperHex[c&15])
		} else {
			out = append(out, c)
		}
	}
	return out
}

func hasHighEscape(p []byte) bool {
	for i := 0; i+2 < len(p); i++ {
		if p[i] == '%' && isHex(p[i+1]) && isHex(p[i+2]) && unhex(p[i+1]) >= 8 {
			return true
		}
	}
	return false
}

// unescapeHigh decodes every escape of an octet at or above 0x80, writing
// escaped UTF-8 raw as browsers display it.
func unescapeHigh(p []byte) []byte {
	out := make([]byte, 0, len(p))
	for i := 0; i < len(p); i++ {
		if p[i] == '%' && i+2 < len(p) && isHex(p[i+1]) && isHex(p[i+2]) && unhex(p[i+1]) >= 8 {
			out = append(out, unhex(p[i+1])<<4|unhex(p[i+2]))
			i += 2
			continue
		}
		out = append(out, p[i])
	}
	return out
}

func unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

// An rng is splitmix64: tiny, and fixed by this file, so the workload does
// not change when the standard library's generators do.
type rng struct{ s uint64 }

func newRNG(seed uint64) *rng { return &rng{s: seed} }

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// intn returns a number in [0, n); n must be > 0. The modulo bias is far
// below anything a benchmark workload could notice.
func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

// fnv64 is FNV-1a, used to give each site its own generator.
func fnv64(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}
