package benchmarks

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/sdxc/robots"
)

func TestWorkloadDeterministic(t *testing.T) {
	c, w := setup(t)
	again := NewWorkload(c, Seed)
	if !slices.Equal(w.Queries, again.Queries) {
		t.Fatalf("NewWorkload(corpus, Seed) gave different queries on a second call")
	}
	other := NewWorkload(c, Seed+1)
	if slices.Equal(w.Queries, other.Queries) {
		t.Errorf("NewWorkload with seeds %d and %d gave the same queries", Seed, Seed+1)
	}
}

func TestWorkloadShape(t *testing.T) {
	c, w := setup(t)
	if n := len(w.Queries); n < 5000 || n > 50000 {
		t.Errorf("len(Queries) = %d, want 5,000-50,000 (fast to set up, big enough to defeat caches)", n)
	}
	var kinds [numKinds]int
	agents := make(map[string]int)
	sites := make(map[int]bool)
	crawled := 0
	for _, paths := range c.Crawled {
		crawled += len(paths)
	}
	for _, q := range w.Queries {
		kinds[q.Kind]++
		agents[q.Agent]++
		sites[q.Site] = true
		if !strings.HasPrefix(q.Path, "/") {
			t.Errorf("%s %s query %q does not start with '/'", c.Files[q.Site].Name, q.Kind, q.Path)
		}
		switch q.Kind {
		case Long:
			i := strings.IndexByte(q.Path, '?')
			if i < 0 {
				t.Errorf("long query %.60q... has no query string", q.Path)
				break
			}
			// 1-4 KB appended; the last pair may overshoot by up to
			// 50 octets, and a base with its own query adds that.
			if n := len(q.Path) - i - 1; n < 1024 || n > 5000 {
				t.Errorf("long query string of %d octets, want 1-4 KB", n)
			}
		case Hit:
			if lit := literalPrefix(q.Pattern); strings.HasPrefix(q.Pattern, "/") && !strings.HasPrefix(q.Path, lit) {
				t.Errorf("hit %q does not start with the literal part %q of its pattern %q", q.Path, lit, q.Pattern)
			}
		case DollarMiss:
			if !strings.HasSuffix(q.Pattern, "$") {
				t.Errorf("'$' miss %q comes from pattern %q, which does not end in '$'", q.Path, q.Pattern)
			}
		}
	}
	for k := range numKinds {
		if kinds[k] == 0 {
			t.Errorf("no %s queries", Kind(k))
		}
	}
	if kinds[Crawled] != crawled {
		t.Errorf("%d crawled queries, want every crawled path (%d)", kinds[Crawled], crawled)
	}
	for _, a := range Agents {
		if agents[a] == 0 {
			t.Errorf("agent %q asks no query", a)
		}
	}
	if agents[Agents[0]] < len(w.Queries)/5 {
		t.Errorf("generic agent asks %d of %d queries, want at least a fifth", agents[Agents[0]], len(w.Queries))
	}
	if len(sites) != len(c.Files) {
		t.Errorf("queries cover %d sites, want all %d", len(sites), len(c.Files))
	}
}

// literalPrefix returns p up to its first '*' or '$'.
func literalPrefix(p string) string {
	if i := strings.IndexAny(p, "*$"); i >= 0 {
		return p[:i]
	}
	return p
}

func TestExtractGroups(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []group
	}{
		{"consecutive agents share a group",
			"User-agent: Googlebot/2.1\nuser-agent: *\nDisallow: /a\nAllow: /a/b$\n",
			[]group{{agents: []string{"googlebot", "*"}, rules: []string{"/a", "/a/b$"}}}},
		{"agent after a rule opens a group; comments, CR and BOM",
			"\xef\xbb\xbfUser-agent: a\rDisallow: /x # no\r\nUSER-AGENT: b\nDisallow:\n",
			[]group{{agents: []string{"a"}, rules: []string{"/x"}}, {agents: []string{"b"}}}},
		{"rules before any agent are dropped",
			"Disallow: /early\nUser-agent: *\nDisallow: /late",
			[]group{{agents: []string{"*"}, rules: []string{"/late"}}}},
		{"html is no rules", "<html><body>Not found</body></html>", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := extractGroups([]byte(tc.in))
			if len(got) != len(tc.want) {
				t.Fatalf("extractGroups(%q) = %q, want %q", tc.in, got, tc.want)
			}
			for i := range got {
				if !slices.Equal(got[i].agents, tc.want[i].agents) || !slices.Equal(got[i].rules, tc.want[i].rules) {
					t.Errorf("extractGroups(%q)[%d] = %q, want %q", tc.in, i, got[i], tc.want[i])
				}
			}
		})
	}
}

func TestPercentHelpers(t *testing.T) {
	tests := []struct {
		name string
		fn   func([]byte) []byte
		in   string
		want string
	}{
		{"escape first unreserved", func(p []byte) []byte { return escapeOneUnreserved(p, 0) }, "/ab", "/%61b"},
		{"escape second unreserved", func(p []byte) []byte { return escapeOneUnreserved(p, 1) }, "/a/b", "/a/%62"},
		{"flip escape case", flipEscapeCase, "/%e2%80x%2F", "/%E2%80x%2f"},
		{"escape non-ASCII", escapeNonASCII, "/caf\xc3\xa9", "/caf%C3%A9"},
		{"unescape high", unescapeHigh, "/caf%C3%a9%2F", "/caf\xc3\xa9%2F"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.fn([]byte(tc.in)); !bytes.Equal(got, []byte(tc.want)) {
				t.Errorf("%s(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
			}
		})
	}
	if got := escapeOneUnreserved([]byte("/"), 0); got != nil {
		t.Errorf("escapeOneUnreserved(%q, 0) = %q, want nil", "/", got)
	}
}

// TestCutIsWhatParseReads checks Corpus.Cut, which the parse and heap
// benchmarks give every library: each file cut where robots.Parse stops
// reading it, so that Parse of the whole file and of the cut one, with no
// limit, are one document.
func TestCutIsWhatParseReads(t *testing.T) {
	c, _ := setup(t)
	files, size := c.Cut()
	total, cut := 0, 0
	for i, f := range files {
		total += len(f.Data)
		whole := c.Files[i].Data
		if len(f.Data) == len(whole) {
			continue
		}
		cut++
		a, _ := robots.Parse(whole).MarshalText()
		b, _ := robots.ParseLimit(f.Data, len(f.Data)+1).MarshalText()
		last := f.Data[len(f.Data)-1]
		if !bytes.Equal(a, b) || len(f.Data) > robots.DefaultMaxBytes || last != '\n' && last != '\r' ||
			bytes.ContainsAny(whole[len(f.Data):robots.DefaultMaxBytes], "\r\n") {
			t.Errorf("%s: cut at %d of %d octets, not after the last line end within the limit, where Parse stops", f.Name, len(f.Data), len(whole))
		}
	}
	if total != size || cut == 0 {
		t.Errorf("Cut: %d octets in all, reported %d; %d files cut, want at least 1 (docs.oracle.com)", total, size, cut)
	}
}

// TestAgreement compares the libraries' answers over the whole workload. They
// are expected to differ, so disagreements are reported, not failed; run with
// -v to see them. temoto does not normalise percent-encoding, matches user
// agents by prefix, picks one group, and rejects files with a rule before any
// user-agent. grobotstxt, Google's parser ported to Go, does not normalise
// percent-encoding either (an escaped letter; a pattern's lower-case hex,
// which Google upper-cases, grobotstxt garbles: "/%7e" matches nothing),
// passes the URL through net/url first, so that a path's '{' becomes "%7B"
// while a pattern's '{' stays as written, and a URL net/url refuses (a
// broken escape such as "%Ev") is disallowed, keeps the whole file (ours
// stops at 500 KiB), disallows /robots.txt when a rule says so, ignores a
// "*" group written "*text", keeps every token character of RFC 7230 in a
// user-agent line's token ("foo.bar", "foo*": not foo, where Google and ours
// read foo), takes keys that only start with a known one ("Disallowed:"),
// and one misspelling Google does not ("diaslow"), and trims every Unicode
// space around keys and values ("\v", "\f", a UTF-8 no-break space, which
// Google does not trim), where ours trims space and tab. What must hold is
// that our compiled view answers exactly as the document does.
func TestAgreement(t *testing.T) {
	c, w := setup(t)
	d := ParseAll(c)
	verdicts := Decide(w, d)

	rejected := 0
	for i, err := range d.TemotoErrs {
		if err != nil {
			rejected++
			t.Logf("temoto rejects %s: %.80q", c.Files[i].Name, err.Error())
		}
	}
	var (
		oursAllowed, temotoAllowed, disagree int
		byKind                               [numKinds]int
		byAgent                              = make(map[string]int)
		googleAllowed, googleDisagree        int
		googleByKind                         [numKinds]int
	)
	for i, v := range verdicts {
		q := w.Queries[i]
		if v.Agent != v.Ours {
			t.Errorf("%s: Agent(%q).IsAllowed(%q) = %v, but IsAllowed(%q, %q) = %v",
				c.Files[q.Site].Name, q.Agent, q.Path, v.Agent, q.Agent, q.Path, v.Ours)
		}
		if v.Ours {
			oursAllowed++
		}
		if v.Temoto {
			temotoAllowed++
		}
		if v.Google {
			googleAllowed++
		}
		if v.Ours != v.Google {
			googleDisagree++
			googleByKind[q.Kind]++
			if googleByKind[q.Kind] <= 2 {
				t.Logf("disagree with grobotstxt: %s %s agent=%q pattern=%q path=%.100q: ours %v, grobotstxt %v",
					c.Files[q.Site].Name, q.Kind, q.Agent, q.Pattern, q.Path, v.Ours, v.Google)
			}
		}
		if v.Ours != v.Temoto {
			disagree++
			byKind[q.Kind]++
			byAgent[q.Agent]++
			if byKind[q.Kind] <= 2 { // two examples of each kind
				t.Logf("disagree: %s %s agent=%q pattern=%q path=%.100q: ours %v, temoto %v",
					c.Files[q.Site].Name, q.Kind, q.Agent, q.Pattern, q.Path, v.Ours, v.Temoto)
			}
		}
	}
	n := len(verdicts)
	t.Logf("queries: %d; allowed by ours: %d, by temoto: %d; temoto rejects %d of %d files (disallows all of them, as Colly does)",
		n, oursAllowed, temotoAllowed, rejected, len(c.Files))
	for k := range numKinds {
		t.Logf("disagreements on %s queries: %d", Kind(k), byKind[k])
	}
	for _, a := range Agents {
		t.Logf("disagreements for %q: %d", a, byAgent[a])
	}
	t.Logf("DISAGREEMENTS: %d of %d queries (%.1f%%)", disagree, n, 100*float64(disagree)/float64(max(1, n)))
	t.Logf("grobotstxt: allowed %d; disagreements by kind: %v", googleAllowed, googleByKind)
	t.Logf("DISAGREEMENTS WITH GROBOTSTXT: %d of %d queries (%.1f%%)", googleDisagree, n, 100*float64(googleDisagree)/float64(max(1, n)))
}
