package robots_test

import (
	"errors"
	"fmt"
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
