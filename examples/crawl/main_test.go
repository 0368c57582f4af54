package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// crawlDemo crawls a fresh demo site and returns what the crawler decided
// and what the site saw.
func crawlDemo(t *testing.T) (*summary, []request) {
	t.Helper()
	s := startSite()
	defer s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	sum := crawl(ctx, io.Discard, s.transport(), "http://news.example/")
	return sum, s.log()
}

// TestDecisions checks every decision of the crawl: each URL the log names
// is listed here with all of its decisions, in order, and their reasons.
func TestDecisions(t *testing.T) {
	sum, _ := crawlDemo(t)

	type want struct{ decision, reason string } // reason: a substring of the logged reason
	tests := []struct {
		name  string
		url   string
		wants []want
	}{
		{"robots.txt parsed, Crawl-delay scaled", "http://news.example/robots.txt",
			[]want{{"robots", "parsed (HTTP 200), Crawl-delay 2s: demo waits 20ms"}}},
		{"sitemap from robots.txt read", "http://news.example/sitemap.xml",
			[]want{{"sitemap", "lists 2 URLs, 1 new"}}},
		{"home stored", "http://news.example/",
			[]want{{"fetch", "allowed: no rule matches"}, {"store", "no directive for examplebot"}}},
		{"rel=nofollow link skipped", "http://news.example/login",
			[]want{{"skip", `rel="nofollow" on http://news.example/`}}},
		{"rel=sponsored link skipped", "http://ads.example/offer",
			[]want{{"skip", `rel="sponsored"`}}},
		{"rel=ugc link skipped", "http://forum.example/t/42",
			[]want{{"skip", `rel="ugc" on http://news.example/articles/robots-in-go`}}},
		{"wildcard rule refuses", "http://news.example/articles?sort=date",
			[]want{{"refuse", `disallowed by line 12 "Disallow: /*?sort="`}}},
		{"$ rule refuses", "http://news.example/media/report.pdf",
			[]want{{"refuse", `disallowed by line 13 "Disallow: /*.pdf$"`}}},
		{"directory refused", "http://news.example/drafts/next-week",
			[]want{{"refuse", `disallowed by line 10 "Disallow: /drafts/"`}}},
		{"longer Allow wins, bot-scoped X-Robots-Tag noindex", "http://news.example/drafts/press-kit",
			[]want{{"fetch", `allowed by line 11 "Allow: /drafts/press-*"`}, {"noindex", "X-Robots-Tag: examplebot: noindex"}}},
		{"redirect queued, not followed", "http://news.example/about",
			[]want{{"fetch", "allowed"}, {"redirect", "HTTP 301 to http://news.example/drafts/about, queued"}}},
		{"redirect target refused", "http://news.example/drafts/about",
			[]want{{"refuse", `line 10 "Disallow: /drafts/"`}}},
		{"unavailable_after in the past", "http://news.example/articles/old-news",
			[]want{{"fetch", "allowed"}, {"expired", "X-Robots-Tag: unavailable_after: Wed, 01 Jan 2020 00:00:00 GMT"}}},
		{"X-Robots-Tag for another bot ignored", "http://news.example/articles/robots-in-go",
			[]want{{"fetch", "allowed"}, {"store", "no directive for examplebot"}}},
		{"meta robots noindex, links followed", "http://news.example/tag/go",
			[]want{{"fetch", "allowed"}, {"noindex", `<meta name="robots" content="noindex, follow">`}}},
		{"Robots-Tag member for the bot", "http://news.example/articles/go-modules",
			[]want{{"fetch", "allowed"}, {"noindex", "Robots-Tag: *;noarchive, examplebot;noindex"}}},
		{"bot-scoped meta nofollow", "http://news.example/articles/sitemaps",
			[]want{{"fetch", "allowed"}, {"store", "with max-snippet: 120"},
				{"nofollow", `its 1 link(s) not followed: <meta name="examplebot" content="nofollow">`}}},
		{"404 robots.txt allows everything", "http://blog.example/robots.txt",
			[]want{{"robots", "unavailable (HTTP 404): everything allowed, no Crawl-delay: demo waits 10ms"}}},
		{"page under 404 robots.txt", "http://blog.example/",
			[]want{{"fetch", "allowed: robots.txt unavailable"}, {"store", "no directive"}}},
		{"generic X-Robots-Tag kept with the page", "http://blog.example/posts/hello",
			[]want{{"fetch", "allowed: robots.txt unavailable"}, {"store", "with noarchive"}}},
		{"503 robots.txt refuses everything", "http://forum.example/robots.txt",
			[]want{{"robots", "unreachable (HTTP 503): everything refused"}}},
		{"page under 503 robots.txt", "http://forum.example/",
			[]want{{"refuse", "disallowed: robots.txt unreachable"}}},
	}

	byURL := make(map[string][]entry)
	for _, e := range sum.Log {
		byURL[e.URL] = append(byURL[e.URL], e)
	}
	listed := make(map[string]bool)
	for _, tc := range tests {
		listed[tc.url] = true
		t.Run(tc.name, func(t *testing.T) {
			got := byURL[tc.url]
			if len(got) != len(tc.wants) {
				t.Fatalf("decisions for %s = %v, want %v", tc.url, got, tc.wants)
			}
			for i, w := range tc.wants {
				if got[i].Decision != w.decision || !strings.Contains(got[i].Reason, w.reason) {
					t.Errorf("decision %d for %s = %s %q, want %s containing %q",
						i, tc.url, got[i].Decision, got[i].Reason, w.decision, w.reason)
				}
			}
		})
	}
	for u, entries := range byURL {
		if !listed[u] {
			t.Errorf("unexpected decisions for %s: %v", u, entries)
		}
	}
}

func TestSummary(t *testing.T) {
	sum, _ := crawlDemo(t)
	for _, c := range []struct {
		name      string
		got, want int
	}{
		{"Fetched", sum.Fetched, 10},
		{"Stored", sum.Stored, 5},
		{"NotIndexed", sum.NotIndexed, 4},
		{"LinksSkipped", sum.LinksSkipped, 4},
		{"Refused", sum.Refused, 5},
		{"Errors", sum.Errors, 0},
	} {
		if c.got != c.want {
			t.Errorf("summary.%s = %d, want %d", c.name, c.got, c.want)
		}
	}
	if want := []string{"http://news.example/sitemap.xml"}; !slices.Equal(sum.Sitemaps, want) {
		t.Errorf("summary.Sitemaps = %q, want %q", sum.Sitemaps, want)
	}
	// The file-wide line and ExampleBot's group, merged; the "*" group's
	// rules and signals do not apply to a bot that has its own group.
	wantSignals := map[string]map[string]bool{
		"http://news.example/robots.txt": {"search": true, "ai-train": false, "ai-input": true},
	}
	if !maps.EqualFunc(sum.ContentSignals, wantSignals, maps.Equal) {
		t.Errorf("summary.ContentSignals = %v, want %v", sum.ContentSignals, wantSignals)
	}
}

// TestPoliteness checks the crawl from the site's side: what was requested,
// how often and how fast.
func TestPoliteness(t *testing.T) {
	_, requests := crawlDemo(t)

	requested := make(map[string]int)
	for _, r := range requests {
		requested[r.Host+r.Path]++
		if r.UserAgent != userAgent {
			t.Errorf("request for %s%s: User-Agent %q, want %q", r.Host, r.Path, r.UserAgent, userAgent)
		}
	}
	for _, u := range []string{"news.example/robots.txt", "blog.example/robots.txt", "forum.example/robots.txt"} {
		if requested[u] != 1 {
			t.Errorf("%s requested %d times, want once (the Cache keeps it)", u, requested[u])
		}
	}
	for _, tc := range []struct {
		name, url string
		want      int
	}{
		{"refused by wildcard", "news.example/articles?sort=date", 0},
		{"refused by $ rule", "news.example/media/report.pdf", 0},
		{"refused directory", "news.example/drafts/next-week", 0},
		{"redirect target refused", "news.example/drafts/about", 0},
		{"rel=nofollow", "news.example/login", 0},
		{"link on a nofollow page", "news.example/articles/unlisted", 0},
		{"origin with 503 robots.txt", "forum.example/", 0},
		{"rel=ugc to that origin", "forum.example/t/42", 0},
		{"allowed by the longer Allow", "news.example/drafts/press-kit", 1},
		{"noindex page still fetched once", "news.example/tag/go", 1},
		{"link found on a noindex, follow page", "news.example/articles/go-modules", 1},
		{"found by the sitemap and by links", "news.example/articles/sitemaps", 1},
		{"linked from several pages", "news.example/articles/robots-in-go", 1},
		{"origin with 404 robots.txt", "blog.example/posts/hello", 1},
	} {
		if got := requested[tc.url]; got != tc.want {
			t.Errorf("%s: %s requested %d times, want %d", tc.name, tc.url, got, tc.want)
		}
	}

	// Crawl-delay: 2 is 20 ms in the demo; blog.example names none and gets
	// the default second, 10 ms. robots.txt itself is not paced.
	last := make(map[string]time.Time)
	for _, r := range requests {
		if r.Path == "/robots.txt" {
			continue
		}
		want := map[string]time.Duration{"news.example": 20 * time.Millisecond, "blog.example": 10 * time.Millisecond}[r.Host]
		if prev, ok := last[r.Host]; ok && r.At.Sub(prev) < want {
			t.Errorf("%s%s came %v after the previous request to %s, want at least %v", r.Host, r.Path, r.At.Sub(prev), r.Host, want)
		}
		last[r.Host] = r.At
	}
}

func TestRun(t *testing.T) {
	var first, second bytes.Buffer
	if _, err := run(&first); err != nil {
		t.Fatalf("run: %v", err)
	}
	if _, err := run(&second); err != nil {
		t.Fatalf("second run: %v", err)
	}
	if first.String() != second.String() {
		t.Errorf("two runs wrote different logs:\n%s\n---\n%s", first.String(), second.String())
	}
	if strings.Contains(first.String(), "127.0.0.1") {
		t.Errorf("the log shows the loopback address:\n%s", first.String())
	}
	for _, line := range []string{
		"fetched 10, stored 5, not indexed 4, links not followed 4, refused by robots.txt 5\n",
		"sitemaps found: http://news.example/sitemap.xml\n",
		"content signals for examplebot at http://news.example/robots.txt: ai-input=yes, ai-train=no, search=yes\n",
		"Crawl-delay is scaled for the demo: 1 s in robots.txt waits 10ms here\n",
	} {
		if !strings.Contains(first.String(), line) {
			t.Errorf("run output lacks %q:\n%s", line, first.String())
		}
	}
}

// TestSiteCheck makes sure run's politeness check can fail.
func TestSiteCheck(t *testing.T) {
	tests := []struct {
		name, agent, path string
		wantErr           string
	}{
		{"allowed path", userAgent, "/tag/go", ""},
		{"refused path", userAgent, "/drafts/next-week", "robots.txt refuses it"},
		{"no User-Agent", "", "/tag/go", "sent User-Agent"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := startSite()
			defer s.Close()
			client := &http.Client{Transport: s.transport()}
			req, _ := http.NewRequest(http.MethodGet, "http://news.example"+tc.path, nil)
			req.Header.Set("User-Agent", tc.agent)
			resp, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			err = s.check(userAgent)
			if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Errorf("check after GET %s = %v, want error containing %q", tc.path, err, tc.wantErr)
			}
		})
	}
}

// hostFiles serves, on loopback, a response per host and path, with
// Content-Type given as the first line of each body ("text/html\n..."), and
// counts the requests per URL. Its transport dials it for every host.
type hostFiles struct {
	srv      *httptest.Server
	mu       sync.Mutex
	requests map[string]int
}

func serveFiles(t *testing.T, files map[string]string) *hostFiles {
	h := &hostFiles{requests: make(map[string]int)}
	h.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u := "http://" + r.Host + r.URL.RequestURI()
		h.mu.Lock()
		h.requests[u]++
		h.mu.Unlock()
		f, ok := files[u]
		if !ok {
			http.NotFound(w, r)
			return
		}
		ct, body, _ := strings.Cut(f, "\n")
		w.Header().Set("Content-Type", ct)
		io.WriteString(w, body)
	}))
	t.Cleanup(h.srv.Close)
	return h
}

func (h *hostFiles) transport() http.RoundTripper {
	var d net.Dialer
	return &http.Transport{DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
		return d.DialContext(ctx, network, h.srv.Listener.Addr().String())
	}}
}

func (h *hostFiles) count(u string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.requests[u]
}

func crawlFiles(t *testing.T, h *hostFiles, seed string) *summary {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return crawl(ctx, io.Discard, h.transport(), seed)
}

// TestLinksOfHTMLOnly checks that links are read from HTML pages only, as
// meta tags are: a text/plain body's markup is text.
func TestLinksOfHTMLOnly(t *testing.T) {
	h := serveFiles(t, map[string]string{
		"http://a.example/robots.txt": "text/plain\nUser-agent: *\nAllow: /\n",
		"http://a.example/":           "text/html\n<a href=/plain>p</a><a href=/page>h</a>",
		"http://a.example/plain":      "text/plain\n<a href=/hidden>x</a>",
		"http://a.example/page":       "text/html; charset=utf-8\n<a href=/linked>x</a>",
		"http://a.example/linked":     "application/xhtml+xml\n<a href=\"/deeper\">x</a>",
	})
	crawlFiles(t, h, "http://a.example/")
	for u, want := range map[string]int{"http://a.example/hidden": 0, "http://a.example/linked": 1, "http://a.example/deeper": 1} {
		if got := h.count(u); got != want {
			t.Errorf("%s requested %d times, want %d", u, got, want)
		}
	}
}

// TestSitemaps checks that an origin first met through another origin's
// sitemap has its own sitemaps read when the crawl visits a page there, and
// that a sitemap listed twice is read once.
func TestSitemaps(t *testing.T) {
	const urlset = `application/xml
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>%s</loc></url><url><loc>%s</loc></url></urlset>`
	h := serveFiles(t, map[string]string{
		"http://a.example/robots.txt": "text/plain\nUser-agent: *\nAllow: /\n" +
			"Sitemap: http://b.example/sitemap-a.xml\nSitemap: http://b.example/sitemap-b.xml\nSitemap: http://b.example/sitemap-a.xml\n",
		"http://a.example/":              "text/html\nhome",
		"http://b.example/robots.txt":    "text/plain\nUser-agent: *\nAllow: /\nSitemap: http://b.example/sitemap-b.xml\nSitemap: http://b.example/sitemap-c.xml\n",
		"http://b.example/sitemap-a.xml": fmt.Sprintf(urlset, "http://a.example/from-a", "http://b.example/page"),
		"http://b.example/sitemap-b.xml": fmt.Sprintf(urlset, "http://b.example/from-b", "http://b.example/page"),
		"http://b.example/sitemap-c.xml": fmt.Sprintf(urlset, "http://b.example/from-c", "http://b.example/page"),
	})
	sum := crawlFiles(t, h, "http://a.example/")
	for _, u := range []string{"http://b.example/sitemap-a.xml", "http://b.example/sitemap-b.xml", "http://b.example/sitemap-c.xml",
		"http://b.example/from-b", "http://b.example/from-c", "http://a.example/from-a"} {
		if got := h.count(u); got != 1 {
			t.Errorf("%s requested %d times, want once", u, got)
		}
	}
	want := []string{"http://b.example/sitemap-a.xml", "http://b.example/sitemap-b.xml", "http://b.example/sitemap-c.xml"}
	if !slices.Equal(sum.Sitemaps, want) {
		t.Errorf("summary.Sitemaps = %q, want %q", sum.Sitemaps, want)
	}
}

// TestMaxPages checks that the crawl stops at maxPages fetches, even
// within one level of the frontier.
func TestMaxPages(t *testing.T) {
	var home strings.Builder
	home.WriteString("text/html\n")
	files := map[string]string{"http://a.example/robots.txt": "text/plain\nUser-agent: *\nAllow: /\n"}
	for i := range maxPages + 50 {
		fmt.Fprintf(&home, "<a href=/p%d>p</a>", i)
		files[fmt.Sprintf("http://a.example/p%d", i)] = "text/html\npage"
	}
	files["http://a.example/"] = home.String()
	if sum := crawlFiles(t, serveFiles(t, files), "http://a.example/"); sum.Fetched != maxPages {
		t.Errorf("Fetched = %d, want maxPages, %d", sum.Fetched, maxPages)
	}
}

// TestCrawlDelayCapped checks that a Crawl-delay of a day paces the origin
// at maxDelay, and that the log says both.
func TestCrawlDelayCapped(t *testing.T) {
	h := serveFiles(t, map[string]string{
		"http://a.example/robots.txt": "text/plain\nUser-agent: *\nCrawl-delay: 86400\n",
		"http://a.example/":           "text/html\nhome",
	})
	sum := crawlFiles(t, h, "http://a.example/")
	want := fmt.Sprintf("Crawl-delay 24h0m0s, capped at %v: demo waits %v", maxDelay, maxDelay/(time.Second/demoSecond))
	for _, e := range sum.Log {
		if e.Decision == "robots" {
			if !strings.Contains(e.Reason, want) {
				t.Errorf("robots line %q, want it to say %q", e.Reason, want)
			}
			return
		}
	}
	t.Error("no robots line in the log")
}

// TestREADMEQuotesTheRun holds the repository README's account of this
// demo to what it prints: the number of decisions it gives, and the lines
// it quotes, in the order printed. A newcomer's first command is this demo,
// so a README that drifted from it would be the first thing they see wrong.
func TestREADMEQuotesTheRun(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	count, quoted, err := readmeQuote(string(readme))
	if err != nil {
		t.Fatalf("README.md: %v", err)
	}
	var out bytes.Buffer
	sum, err := run(&out)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	if len(sum.Log) != count {
		t.Errorf("README says the demo prints %d decisions; it prints %d", count, len(sum.Log))
	}
	printed := strings.Split(out.String(), "\n")
	rest := printed
	for _, q := range quoted {
		i := slices.Index(rest, q)
		if i < 0 {
			if slices.Contains(printed, q) {
				t.Errorf("README quotes %q out of the order printed", q)
			} else {
				t.Errorf("README quotes %q; the demo prints no such line", q)
			}
			continue
		}
		rest = rest[i+1:]
	}
}

// readmeQuote finds, in the README, the number of decisions it says the
// demo prints ("(N of them)") and the lines of the code block after it.
func readmeQuote(readme string) (count int, lines []string, err error) {
	_, after, ok := strings.Cut(readme, "It prints a line for each\ndecision (")
	if !ok {
		return 0, nil, fmt.Errorf("no sentence giving the number of decisions")
	}
	if _, err := fmt.Sscanf(after, "%d of them)", &count); err != nil {
		return 0, nil, fmt.Errorf("the number of decisions: %v", err)
	}
	_, block, opened := strings.Cut(after, "```\n")
	block, _, closed := strings.Cut(block, "```\n")
	if !opened || !closed {
		return 0, nil, fmt.Errorf("no code block after it")
	}
	if block == "" {
		return 0, nil, fmt.Errorf("an empty code block after it")
	}
	return count, strings.Split(strings.TrimSuffix(block, "\n"), "\n"), nil
}
