package robots_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"time"

	"github.com/sdxc/robots"
)

// ---------------------------------------------------------------------------
// robots.txt (SPEC §1)

// Evaluate a file you already hold: parse it once, then ask it about URLs.
func ExampleParse() {
	r := robots.Parse([]byte(`
User-agent: *
Disallow: /private/
Allow: /private/press/
Crawl-delay: 10

Sitemap: https://example.com/sitemap.xml
`))

	fmt.Println(r.IsAllowed("ExampleBot/1.0", "https://example.com/private/report"))
	fmt.Println(r.IsAllowed("ExampleBot/1.0", "/private/press/launch"))
	delay, _ := r.CrawlDelay("ExampleBot/1.0")
	fmt.Println(delay)
	fmt.Println(r.Sitemaps)
	// Output:
	// false
	// true
	// 10s
	// [https://example.com/sitemap.xml]
}

// A bot named in a group follows only that group; every other bot follows
// "*". The longest matching pattern decides, and /robots.txt is always
// allowed.
func ExampleRobots_IsAllowed() {
	r := robots.Parse([]byte(`
User-agent: *
Disallow: /search
Disallow: /*.json$

User-agent: GPTBot
Disallow: /
`))

	for _, q := range []struct{ agent, url string }{
		{"ExampleBot/1.0", "https://example.com/search?q=go"},
		{"ExampleBot/1.0", "https://example.com/feed.json"},
		{"ExampleBot/1.0", "https://example.com/feed.json?v=2"},
		{"GPTBot/1.1", "https://example.com/about"},
		{"GPTBot/1.1", "https://example.com/robots.txt"},
	} {
		fmt.Println(q.agent, q.url, r.IsAllowed(q.agent, q.url))
	}
	// Output:
	// ExampleBot/1.0 https://example.com/search?q=go false
	// ExampleBot/1.0 https://example.com/feed.json false
	// ExampleBot/1.0 https://example.com/feed.json?v=2 true
	// GPTBot/1.1 https://example.com/about false
	// GPTBot/1.1 https://example.com/robots.txt true
}

// Crawl-delay is read in seconds, fractions included, from the groups that
// apply to the agent.
func ExampleRobots_CrawlDelay() {
	r := robots.Parse([]byte(`
User-agent: *
Crawl-delay: 0.5
Disallow: /tmp/

User-agent: SlowBot
Crawl-delay: 30
Allow: /
`))

	for _, agent := range []string{"ExampleBot/1.0", "SlowBot/2.0"} {
		delay, ok := r.CrawlDelay(agent)
		fmt.Println(agent, delay, ok)
	}
	_, ok := robots.Parse([]byte("User-agent: *\nDisallow: /tmp/\n")).CrawlDelay("ExampleBot/1.0")
	fmt.Println("no Crawl-delay:", ok)
	// Output:
	// ExampleBot/1.0 500ms true
	// SlowBot/2.0 30s true
	// no Crawl-delay: false
}

// Explain says which line of the file decided, for a crawler's audit log.
func ExampleRobots_Explain() {
	r := robots.Parse([]byte("User-agent: *\nDisallow: /private/\nAllow: /private/press/\n"))

	for _, url := range []string{"/private/report", "/private/press/launch", "/about"} {
		fmt.Printf("ExampleBot %s: %v\n", url, r.Explain("ExampleBot/1.0", url))
	}
	d := r.Explain("ExampleBot/1.0", "/private/report")
	fmt.Println(d.Allowed, d.Line, d.Rule.Pattern)
	// Output:
	// ExampleBot /private/report: disallowed by line 2 "Disallow: /private/"
	// ExampleBot /private/press/launch: allowed by line 3 "Allow: /private/press/"
	// ExampleBot /about: allowed: no rule matches
	// false 2 /private/
}

// Serve robots.txt with per-bot rules: build the document in code and write
// it out, for instance from an http.Handler.
func ExampleRobots_MarshalText() {
	r := &robots.Robots{
		Groups: []robots.Group{
			{
				UserAgents:     []string{"*"},
				Rules:          []robots.Rule{{Allow: false, Pattern: "/search"}, {Allow: false, Pattern: "/*.json$"}},
				ContentSignals: map[string]bool{"search": true, "ai-train": false},
			},
			{
				UserAgents: []string{"GPTBot", "CCBot"},
				Rules:      []robots.Rule{{Allow: false, Pattern: "/"}},
			},
			{
				UserAgents: []string{"SlowBot"},
				Rules:      []robots.Rule{{Allow: true, Pattern: "/"}},
				CrawlDelay: 30 * time.Second,
			},
		},
		Sitemaps: []string{"https://example.com/sitemap.xml"},
	}

	body, err := r.MarshalText()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(body))
	// Output:
	// User-agent: *
	// Content-Signal: ai-train=no, search=yes
	// Disallow: /search
	// Disallow: /*.json$
	//
	// User-agent: GPTBot
	// User-agent: CCBot
	// Disallow: /
	//
	// User-agent: SlowBot
	// Crawl-delay: 30
	// Allow: /
	//
	// Sitemap: https://example.com/sitemap.xml
}

// An Agent is the document compiled for one bot, for hot loops over many
// URLs of the same origin.
func ExampleAgent() {
	r := robots.Parse([]byte(`
User-agent: *
Disallow: /cart
Disallow: /*?sort=

User-agent: ExampleBot
Disallow: /checkout/
`))

	bot := r.Agent("ExampleBot/1.0 (+https://example.com/bot)")
	for _, path := range []string{"/", "/cart", "/checkout/pay", "/shoes?sort=price"} {
		fmt.Println(path, bot.IsAllowed(path))
	}
	// Output:
	// / true
	// /cart true
	// /checkout/pay false
	// /shoes?sort=price true
}

// RobotsURL finds the robots.txt that governs a page.
func ExampleRobotsURL() {
	for _, page := range []string{
		"https://User:pw@Example.COM:443/a?b#c",
		"http://example.com:8080/shop/",
		"https://bücher.example/katalog",
	} {
		u, err := robots.RobotsURL(page)
		fmt.Println(u, err)
	}
	_, err := robots.RobotsURL("/relative/path")
	fmt.Println(errors.Is(err, robots.ErrNoOrigin))
	// Output:
	// https://example.com/robots.txt <nil>
	// http://example.com:8080/robots.txt <nil>
	// https://xn--bcher-kva.example/robots.txt <nil>
	// true
}

// ProductToken is the name a crawler looks for in User-agent lines.
func ExampleProductToken() {
	fmt.Printf("%q\n", robots.ProductToken("ExampleBot/1.0 (+https://example.com/bot)"))
	fmt.Printf("%q\n", robots.ProductToken("Mozilla/5.0 (compatible; Googlebot/2.1)"))
	fmt.Printf("%q\n", robots.ProductToken("360Spider"))
	// Output:
	// "examplebot"
	// "mozilla"
	// ""
}

func ExampleFetcher_Fetch() {
	// A server standing in for https://example.com.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "max-age=3600")
		io.WriteString(w, "User-agent: *\nDisallow: /private/\n")
	}))
	defer srv.Close()

	f := robots.Fetcher{UserAgent: "ExampleBot/1.0 (+https://example.com/bot)"}
	outcome := f.Fetch(context.Background(), srv.URL+"/articles/1")
	fmt.Println(outcome.Status, outcome.HTTPStatus, outcome.Lifetime)
	fmt.Println(outcome.IsAllowed("ExampleBot/1.0", srv.URL+"/articles/1"))
	fmt.Println(outcome.IsAllowed("ExampleBot/1.0", srv.URL+"/private/report"))
	// Output:
	// parsed 200 1h0m0s
	// true
	// false
}

func ExampleOutcome_IsAllowed() {
	// Three origins: one serves rules, one has no robots.txt, one is failing.
	statuses := []int{http.StatusOK, http.StatusNotFound, http.StatusServiceUnavailable}
	f := robots.Fetcher{UserAgent: "ExampleBot/1.0"}
	for _, status := range statuses {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(status)
			io.WriteString(w, "User-agent: *\nDisallow: /private/\n")
		}))
		outcome := f.Fetch(context.Background(), srv.URL)
		fmt.Printf("%d %-11s /public: %-5v /private: %-5v /robots.txt: %v\n", outcome.HTTPStatus, outcome.Status,
			outcome.IsAllowed("ExampleBot/1.0", srv.URL+"/public/page"),
			outcome.IsAllowed("ExampleBot/1.0", srv.URL+"/private/page"),
			outcome.IsAllowed("ExampleBot/1.0", srv.URL+"/robots.txt"))
		srv.Close()
	}
	// Output:
	// 200 parsed      /public: true  /private: false /robots.txt: true
	// 404 unavailable /public: true  /private: true  /robots.txt: true
	// 503 unreachable /public: false /private: false /robots.txt: true
}

func ExampleOutcome_Explain() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "overloaded", http.StatusTooManyRequests)
	}))
	defer srv.Close()

	f := robots.Fetcher{UserAgent: "ExampleBot/1.0"}
	outcome := f.Fetch(context.Background(), srv.URL)
	fmt.Println(outcome.Explain("ExampleBot/1.0", srv.URL+"/page"))
	// Output:
	// disallowed: robots.txt unreachable
}

func ExampleCache() {
	var requests atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		io.WriteString(w, "User-agent: *\nDisallow: /private/\nCrawl-delay: 2\n")
	}))
	defer srv.Close()

	// One Cache for the whole crawl: it fetches each origin's robots.txt
	// once, however many workers ask, and keeps it for its lifetime.
	cache := &robots.Cache{Fetcher: robots.Fetcher{UserAgent: "ExampleBot/1.0"}}
	ctx := context.Background()
	for _, path := range []string{"/", "/articles/1", "/private/report"} {
		fmt.Println(path, cache.IsAllowed(ctx, "ExampleBot/1.0", srv.URL+path))
	}
	delay, _ := cache.CrawlDelay(ctx, "ExampleBot/1.0", srv.URL)
	fmt.Println("crawl delay:", delay)
	fmt.Println("requests:", requests.Load())
	// Output:
	// / true
	// /articles/1 true
	// /private/report false
	// crawl delay: 2s
	// requests: 1
}
