package robots_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
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

// Check a file before crawlers read it: Lint names the lines Parse ignores
// or reads otherwise than they look.
func ExampleLint() {
	file := []byte(`Disallow: /tmp/
User-agent: Example Bot
Crawl-delay: 5s

User-agent: OtherBot
Disallow: private/
Content-Signal: search=yes, ai-train=maybe
Allow: /shop/
Disallow: /shop/
`)
	for _, w := range robots.Lint(file) {
		fmt.Println(w)
	}
	// Output:
	// line 1: rule before the first User-agent line: it applies to no agent, ignored (RFC 9309 §2.1)
	// line 2: User-agent "Example Bot" names the product token "example" only (RFC 9309 §2.2.1)
	// line 3: Crawl-delay "5s" is not a number of seconds ("10", "0.5"): ignored
	// line 5: User-agent joins the group line 2 opened: only an Allow or Disallow line ends a group's User-agent lines (RFC 9309 §2.1)
	// line 6: Disallow pattern "private/" starts with neither '/' nor '*': it matches no path
	// line 7: Content-Signal member "ai-train=maybe" is not key=yes or key=no: ignored, the rest of the line kept
	// line 9: "Disallow: /shop/" never decides a query: line 8's "Allow: /shop/" has the same pattern, and an Allow wins a tie (RFC 9309 §2.2.2)
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
	// Content-Signal: search=yes, ai-train=no
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

// A token matches a group's name exactly, so a crawler family that wants
// Google's fallback (a sub-crawler follows its main crawler's group when no
// group names it) picks the agent it asks as.
func Example_fallbackToken() {
	// names reports whether a group of r names token (ProductToken of each
	// User-agent value; "*" gives "").
	names := func(r *robots.Robots, token string) bool {
		for _, g := range r.Groups {
			for _, ua := range g.UserAgents {
				if robots.ProductToken(ua) == token {
					return true
				}
			}
		}
		return false
	}
	for _, body := range []string{
		"User-agent: Googlebot\nDisallow: /drafts/\n\nUser-agent: *\nDisallow: /\n",
		"User-agent: Googlebot\nDisallow: /drafts/\n\nUser-agent: Googlebot-Image\nDisallow: /photos/\n",
	} {
		r := robots.Parse([]byte(body))
		ua := "Googlebot-Image/1.0"
		if !names(r, robots.ProductToken(ua)) {
			ua = "Googlebot/2.1"
		}
		fmt.Println(ua, r.IsAllowed(ua, "/drafts/a"), r.IsAllowed(ua, "/photos/b"))
	}
	// Output:
	// Googlebot/2.1 false true
	// Googlebot-Image/1.0 true false
}

// ParseLimit reads only the whole lines within a limit; the line the limit
// cuts is dropped whole (RFC 9309 §2.5).
func ExampleParseLimit() {
	body := []byte("User-agent: *\nDisallow: /a\nDisallow: /b\n")
	r := robots.ParseLimit(body, 30) // the third line ends at octet 40
	fmt.Println(len(r.Groups[0].Rules), r.IsAllowed("ExampleBot", "/a"), r.IsAllowed("ExampleBot", "/b"))
	// Output:
	// 1 false true
}

// Content-Signal lines say what a publisher allows done with content once
// fetched; lines before the first group apply to every agent.
func ExampleRobots_ContentSignalsFor() {
	r := robots.Parse([]byte(`
Content-Signal: search=yes, ai-train=no

User-agent: *
Allow: /

User-agent: ExampleBot
Content-Signal: ai-input=yes
Allow: /
`))
	fmt.Println(r.ContentSignalsFor("OtherBot/1.0"))
	fmt.Println(r.ContentSignalsFor("ExampleBot/1.0"))
	// Output:
	// map[ai-train:false search:true]
	// map[ai-input:true ai-train:false search:true]
}

// A crawler gates what it does with content on its Content-Signal: an
// absent key is no preference given. A "*" group's line does not reach a bot
// with a group of its own, as its rules do not; Agent("*") asks the "*"
// groups, for a crawler that reads them as meant for it too.
func ExampleAgent_ContentSignals() {
	o := &robots.Outcome{Status: robots.Parsed, Robots: robots.Parse([]byte(`
User-agent: *
Content-Signal: search=yes, ai-train=no
Allow: /

User-agent: ExampleBot
Disallow: /private/
`))}
	for _, agent := range []string{"OtherBot/1.0", "ExampleBot/1.0"} {
		train, given := o.Agent(agent).ContentSignals()["ai-train"]
		fmt.Println(agent, "ai-train given:", given, "allowed:", train || !given)
	}
	fmt.Println(`"*" groups:`, o.Agent("*").ContentSignals())
	// Output:
	// OtherBot/1.0 ai-train given: true allowed: false
	// ExampleBot/1.0 ai-train given: false allowed: true
	// "*" groups: map[ai-train:false search:true]
}

// UnmarshalText reads back what MarshalText wrote, which is how a Robots
// travels through encoding/json and caches shared between machines.
func ExampleRobots_UnmarshalText() {
	r := robots.Parse([]byte("User-agent: *\nDisallow: /private/ # staff only\n"))
	text, _ := r.MarshalText()

	var copied robots.Robots
	copied.UnmarshalText(text)
	fmt.Println(copied.Groups[0].Rules, copied.IsAllowed("ExampleBot", "/private/x"))
	// Output:
	// [{false /private/}] false
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

// Origin names the origin a page belongs to, as a Cache keys its Store:
// also a key for pacing requests per origin.
func ExampleOrigin() {
	for _, page := range []string{
		"https://User:pw@Example.COM:443/a?b#c",
		"http://example.com:8080/shop/",
	} {
		fmt.Println(robots.Origin(page))
	}
	_, err := robots.Origin("ftp://example.com/pub/")
	fmt.Println(errors.Is(err, robots.ErrNoOrigin))
	// Output:
	// https://example.com <nil>
	// http://example.com:8080 <nil>
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

// A crawler whose requests go through a stack of its own fetches robots.txt
// there, and has OutcomeOf decide the response as Fetch would. Its client
// bounds the retrieval, and the request asks for the codings OutcomeOf
// decodes within Fetch's bounds.
func ExampleOutcomeOf() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.Redirect(w, r, "/static/robots.txt", http.StatusMovedPermanently)
			return
		}
		io.WriteString(w, "User-agent: *\nDisallow: /private/\n")
	}))
	defer srv.Close()

	client := &http.Client{Timeout: 10 * time.Second} // the crawler's own
	get := func(c *http.Client, pageURL string) (*http.Response, error) {
		robotsURL, err := robots.RobotsURL(pageURL)
		if err != nil {
			return nil, err
		}
		req, err := http.NewRequest(http.MethodGet, robotsURL, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("User-Agent", "ExampleBot/1.0 (+https://example.com/bot)")
		req.Header.Set("Accept-Encoding", "gzip, deflate")
		return c.Do(req)
	}
	outcome := robots.OutcomeOf(get(client, srv.URL+"/articles/1"))
	fmt.Println(outcome.Status, outcome.HTTPStatus, outcome.Redirects)
	fmt.Println(outcome.IsAllowed("ExampleBot/1.0", srv.URL+"/private/report"))

	// A redirect the crawler's client did not follow is its own policy:
	// nothing is known of the file, and everything is refused.
	noFollow := &http.Client{
		Timeout:       10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	outcome = robots.OutcomeOf(get(noFollow, srv.URL+"/articles/1"))
	fmt.Println(outcome.Status, outcome.HTTPStatus)
	fmt.Println(outcome.IsAllowed("ExampleBot/1.0", srv.URL+"/articles/1"))
	// Output:
	// parsed 200 1
	// false
	// unreachable 301
	// false
}

// A Fetcher follows a page URL, and redirects, to any host. A crawler that
// must not reach its own network refuses such addresses where its client
// dials, once names are resolved, so that no DNS answer can slip one past.
// (The list below is the start of one: a network may also count shared
// address space such as 100.64.0.0/10, or NAT64 prefixes. Through a proxy,
// the dialer sees the proxy's address, so the Transport here has none.)
func ExampleFetcher_privateAddresses() {
	dialer := &net.Dialer{
		Timeout: 10 * time.Second,
		Control: func(network, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil {
				return err
			}
			if ip := ap.Addr().Unmap(); ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsUnspecified() {
				return fmt.Errorf("%s is on our own network", ip)
			}
			return nil
		},
	}
	client := &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext}}

	// A service inside the network (here on loopback) that a link or a
	// redirect points at.
	var requests atomic.Int32
	internal := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		io.WriteString(w, "User-agent: *\nAllow: /\n")
	}))
	defer internal.Close()

	f := robots.Fetcher{Client: client, UserAgent: "ExampleBot/1.0"}
	outcome := f.Fetch(context.Background(), internal.URL+"/admin")
	fmt.Println(outcome.Status, outcome.HTTPStatus, outcome.Lifetime)
	fmt.Println(strings.Contains(outcome.Error, "on our own network"), requests.Load())
	fmt.Println(outcome.IsAllowed("ExampleBot/1.0", internal.URL+"/admin"))
	// Output:
	// unreachable 0 1h0m0s
	// true 0
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

func ExampleOutcome_Agent() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "down for maintenance", http.StatusServiceUnavailable)
	}))
	defer srv.Close()

	f := robots.Fetcher{UserAgent: "ExampleBot/1.0"}
	outcome := f.Fetch(context.Background(), srv.URL)
	bot := outcome.Agent("ExampleBot/1.0") // compiled once for a loop over the origin's URLs
	for _, path := range []string{"/", "/news/1", "/robots.txt"} {
		fmt.Printf("%-11s %v\n", path, bot.Explain(srv.URL+path))
	}
	// outcome.Robots is nil here, and the Agent of a nil Robots allows everything:
	fmt.Println(outcome.Robots.Agent("ExampleBot/1.0").IsAllowed(srv.URL + "/news/1"))
	// Output:
	// /           disallowed: robots.txt unreachable
	// /news/1     disallowed: robots.txt unreachable
	// /robots.txt allowed: /robots.txt is always allowed
	// true
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

// When a site says it has changed its robots.txt, Forget has the next
// question fetch it again, instead of answering from the copy the Cache
// keeps for up to 24 hours.
func ExampleCache_Forget() {
	var rules atomic.Value
	rules.Store("User-agent: *\nDisallow: /drafts/\n")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, rules.Load().(string))
	}))
	defer srv.Close()

	cache := &robots.Cache{Fetcher: robots.Fetcher{UserAgent: "ExampleBot/1.0"}}
	ctx := context.Background()
	page := srv.URL + "/drafts/1"
	fmt.Println("before:", cache.IsAllowed(ctx, "ExampleBot/1.0", page))

	rules.Store("User-agent: *\nDisallow:\n") // the site opens its drafts
	fmt.Println("kept copy:", cache.IsAllowed(ctx, "ExampleBot/1.0", page))

	if err := cache.Forget(ctx, page); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("after Forget:", cache.IsAllowed(ctx, "ExampleBot/1.0", page))
	// Output:
	// before: false
	// kept copy: false
	// after Forget: true
}

// Outcome says what the Cache's answers for an origin rest on: how the
// retrieval went, and for how long the Cache keeps it.
func ExampleCache_Outcome() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "120")
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	defer srv.Close()

	cache := &robots.Cache{Fetcher: robots.Fetcher{UserAgent: "ExampleBot/1.0"}}
	o, err := cache.Outcome(context.Background(), srv.URL+"/news/1")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(o.Status, o.HTTPStatus, o.Lifetime, o.IsAllowed("ExampleBot/1.0", srv.URL+"/news/1"))
	// Output:
	// unreachable 503 2m0s false
}

// An Outcome is plain data: workers on other machines can share it as
// JSON and decide exactly as the worker that fetched it.
func ExampleOutcome_MarshalJSON() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "User-agent: *\nDisallow: /private/\n")
	}))
	defer srv.Close()

	f := robots.Fetcher{UserAgent: "ExampleBot/1.0"}
	data, err := json.Marshal(f.Fetch(context.Background(), srv.URL))
	if err != nil {
		fmt.Println(err)
		return
	}
	var shared robots.Outcome
	if err := json.Unmarshal(data, &shared); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(shared.Status, shared.Lifetime, shared.IsAllowed("ExampleBot/1.0", srv.URL+"/private/x"))
	// Output:
	// parsed 24h0m0s false
}

// Explain gives a crawler's audit log the reason for every decision,
// whether it came from a rule or from how the retrieval went.
func ExampleCache_Explain() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "User-agent: *\nDisallow: /private/\n")
	}))
	defer srv.Close()
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	defer down.Close()

	cache := &robots.Cache{
		Fetcher: robots.Fetcher{UserAgent: "ExampleBot/1.0"},
		Store:   &robots.MemoryStore{MaxOrigins: 1000}, // bounded: least recently used origins go first
	}
	ctx := context.Background()
	fmt.Println(cache.Explain(ctx, "ExampleBot/1.0", srv.URL+"/private/report"))
	fmt.Println(cache.Explain(ctx, "ExampleBot/1.0", down.URL+"/page"))
	// Output:
	// disallowed by line 2 "Disallow: /private/"
	// disallowed: robots.txt unreachable
}

// jsonStore is a Store that keeps each origin's entry as JSON, in a map
// that stands in for files or a database.
type jsonStore struct {
	mu    sync.Mutex
	files map[string][]byte
}

func (s *jsonStore) Get(_ context.Context, origin string) (*robots.CacheEntry, error) {
	s.mu.Lock()
	data, ok := s.files[origin]
	s.mu.Unlock()
	if !ok {
		return nil, nil
	}
	var e robots.CacheEntry
	if err := json.Unmarshal(data, &e); err != nil {
		return nil, nil // unreadable: no entry, so that a fresh outcome replaces it
	}
	return &e, nil
}

func (s *jsonStore) Put(_ context.Context, origin string, e *robots.CacheEntry) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e == nil {
		delete(s.files, origin) // Cache.Forget
		return nil
	}
	data, err := json.Marshal(e)
	if err != nil {
		return err
	}
	s.files[origin] = data
	return nil
}

// Outcomes outlive the process when the Cache's Store keeps them somewhere
// that does: a CacheEntry is plain data that encoding/json writes and reads.
// (A Cache reads its Store before every answer: a real store keeps decoded
// entries in memory in front of its files; see Store.)
func Example_persistentStore() {
	var requests atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		io.WriteString(w, "User-agent: *\nDisallow: /private/\n")
	}))
	defer srv.Close()

	store := &jsonStore{files: map[string][]byte{}}
	ctx := context.Background()
	before := &robots.Cache{Fetcher: robots.Fetcher{UserAgent: "ExampleBot/1.0"}, Store: store}
	fmt.Println(before.Explain(ctx, "ExampleBot/1.0", srv.URL+"/private/report"))

	// After a restart: a new Cache over the same files answers from them,
	// with the same line numbers, and fetches nothing.
	after := &robots.Cache{Fetcher: robots.Fetcher{UserAgent: "ExampleBot/1.0"}, Store: store}
	fmt.Println(after.Explain(ctx, "ExampleBot/1.0", srv.URL+"/private/other"))
	fmt.Println("requests:", requests.Load())
	// Output:
	// disallowed by line 2 "Disallow: /private/"
	// disallowed by line 2 "Disallow: /private/"
	// requests: 1
}

const agent = "ExampleBot/1.0 (+https://example.com/bot)"

// A crawler merges every carrier of a page's directives for its own product
// token before anything reaches storage or the frontier.
func ExampleDirectivesFor() {
	h := http.Header{}
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Add("X-Robots-Tag", "max-snippet: 160")
	h.Add("X-Robots-Tag", "otherbot: noindex, examplebot: noarchive")
	body := []byte(`<!DOCTYPE html>
<html><head>
<title>Faceted search</title>
<meta name="robots" content="noindex, follow">
<meta name="examplebot" content="all">
</head><body><a href="/page/2">next</a></body></html>`)

	d := robots.DirectivesFor(h, body, agent)
	fmt.Println(d)
	fmt.Println("store:", !d.NoIndex, "follow links:", !d.NoFollow)
	// Output:
	// noindex, noarchive, max-snippet: 160
	// store: false follow links: true
}

// indexPolicy is what an indexer needs from a page's directives.
type indexPolicy struct {
	Index, Follow, Cache bool
	SnippetLength        int // -1 for no limit
}

// policyFor turns the directives for one agent into an indexing decision
// at time now.
func policyFor(d robots.Directives, now time.Time) indexPolicy {
	expired := !d.UnavailableAfter.IsZero() && !now.Before(d.UnavailableAfter)
	snippet := -1
	if d.MaxSnippet != nil {
		snippet = *d.MaxSnippet
	}
	if d.NoSnippet {
		snippet = 0
	}
	return indexPolicy{
		Index:         !d.NoIndex && !expired,
		Follow:        !d.NoFollow,
		Cache:         !d.NoArchive,
		SnippetLength: snippet,
	}
}

// Honour a page's directives when indexing: the header, the structured field
// and the meta tags are merged for this crawler, then applied before the page
// is stored and before its links are queued.
func Example_honourDirectives() {
	h := http.Header{}
	h.Set("Content-Type", "text/html")
	h.Add("X-Robots-Tag", "unavailable_after: Wed, 31 Dec 2025 23:59:59 GMT")
	h.Add("Robots-Tag", "*;max-snippet=50, ExampleBot;noarchive")
	body := []byte(`<html><head><meta name="ROBOTS" content="NOIMAGEINDEX"></head>
<body><a href="/a">a</a> <a href="https://ads.example/x" rel="sponsored">ad</a></body></html>`)
	page, _ := url.Parse("https://example.com/news/1")

	d := robots.DirectivesFor(h, body, agent)
	for _, now := range []time.Time{
		time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
	} {
		fmt.Printf("%s %+v\n", now.Format(time.DateOnly), policyFor(d, now))
	}
	if !d.NoFollow {
		for _, l := range robots.Links(body, page) {
			if !l.NoFollow {
				fmt.Println("queue", l.URL)
			}
		}
	}
	// Output:
	// 2025-06-01 {Index:true Follow:true Cache:false SnippetLength:50}
	// 2026-01-01 {Index:false Follow:true Cache:false SnippetLength:50}
	// queue https://example.com/a
}

// Send page directives as header and meta tag: the same sets written for
// X-Robots-Tag, for the Robots-Tag structured field and for a meta tag. One
// X-Robots-Tag line per bot scopes a policy to it.
func Example_sendDirectives() {
	h := http.Header{}
	h.Add("X-Robots-Tag", robots.Directives{MaxSnippet: new(160), MaxImagePreview: "large"}.String())
	h.Add("X-Robots-Tag", robots.Directives{Bot: "examplebot", NoArchive: true}.String())
	h.Add("X-Robots-Tag", robots.Directives{UnavailableAfter: time.Date(2026, 12, 31, 0, 0, 0, 0, time.UTC)}.String())
	field, err := robots.FormatRobotsTag(
		robots.Directives{MaxSnippet: new(160), MaxImagePreview: "large"},
		robots.Directives{Bot: "examplebot", NoArchive: true},
	)
	if err != nil {
		panic(err)
	}
	h.Set("Robots-Tag", field)

	for _, v := range h.Values("X-Robots-Tag") {
		fmt.Println("X-Robots-Tag:", v)
	}
	fmt.Println("Robots-Tag:", h.Get("Robots-Tag"))
	fmt.Println(robots.Directives{NoIndex: true}.MetaTag())
	fmt.Println(robots.Directives{Bot: "examplebot", NoFollow: true}.MetaTag())
	// Output:
	// X-Robots-Tag: max-snippet: 160, max-image-preview: large
	// X-Robots-Tag: examplebot: noarchive
	// X-Robots-Tag: unavailable_after: Thursday, 31-Dec-26 00:00:00 UTC
	// Robots-Tag: *;max-snippet=160;max-image-preview=large, examplebot;noarchive
	// <meta name="robots" content="noindex, follow">
	// <meta name="examplebot" content="index, nofollow">
}

func ExampleParseDirectives() {
	for _, d := range robots.ParseDirectives("noindex, ExampleBot: nosnippet, unavailable_after: Fri, 25 Jun 2010 15:00:00 PST, otherbot: none") {
		fmt.Printf("bot %q: %s\n", d.Bot, d)
	}
	// Output:
	// bot "": noindex
	// bot "examplebot": examplebot: nosnippet, unavailable_after: Friday, 25-Jun-10 23:00:00 UTC
	// bot "otherbot": otherbot: noindex, nofollow
}

func ExampleParseRobotsTag() {
	sets, err := robots.ParseRobotsTag("*;nosnippet, ExampleBot;noindex;max-snippet=20")
	fmt.Println(sets, err)

	// Legacy syntax is not a structured field: the whole field is ignored.
	sets, err = robots.ParseRobotsTag("noindex, examplebot: nofollow")
	fmt.Println(sets, err != nil)
	// Output:
	// [nosnippet examplebot: noindex, max-snippet: 20] <nil>
	// [] true
}

func ExampleLinks() {
	body := []byte(`<html><head><base href="/docs/"></head><body>
<a href="intro.html#start">Intro</a>
<a href="https://forum.example/t/1" rel="UGC nofollow">Forum</a>
<a href="mailto:team@example.com">Mail</a>
<a href="javascript:void(0)">Menu</a>
<map><area href="/map/north" alt="North"></map>
</body></html>`)
	page, _ := url.Parse("https://example.com/index.html")
	for _, l := range robots.Links(body, page) {
		fmt.Println(l.URL, l.Rel, l.NoFollow)
	}
	// Output:
	// https://example.com/docs/intro.html [] false
	// https://forum.example/t/1 [ugc nofollow] true
	// https://example.com/map/north [] false
}

// IsHTML says whether a response's links are to be followed at all: Links
// reads any body as HTML, and a text/plain page may hold markup.
func ExampleIsHTML() {
	body := []byte(`<html><body><a href="/next">Next</a></body></html>`)
	for _, contentType := range []string{"text/html; charset=utf-8", "text/plain", ""} {
		h := http.Header{}
		if contentType != "" {
			h.Set("Content-Type", contentType)
		}
		fmt.Printf("%q: %v\n", contentType, robots.IsHTML(h, body)) // "": sniffed
	}
	// Output:
	// "text/html; charset=utf-8": true
	// "text/plain": false
	// "": true
}

// An audit log says which carrier set each restriction.
func ExampleExplainDirectives() {
	h := http.Header{}
	h.Set("Content-Type", "text/html")
	h.Add("X-Robots-Tag", "noindex")
	h.Add("Robots-Tag", "noindex, examplebot: nofollow") // legacy syntax: ignored
	body := []byte(`<head><meta name="examplebot" content="nofollow, noarchive"></head>`)

	d, sources := robots.ExplainDirectives(h, body, agent)
	fmt.Println("page:", d)
	for _, s := range sources {
		switch {
		case s.Err != nil:
			fmt.Println("ignored:", s.Carrier)
		case s.Directives.NoIndex:
			fmt.Println("noindex via", s)
		case s.Directives.NoFollow:
			fmt.Println("nofollow via", s)
		}
	}
	// Output:
	// page: noindex, nofollow, noarchive
	// noindex via X-Robots-Tag: noindex
	// ignored: Robots-Tag
	// nofollow via <meta name="examplebot" content="nofollow, noarchive">
}

func ExampleDirectives_String() {
	fmt.Println(robots.Directives{NoIndex: true, NoFollow: true})
	fmt.Println(robots.Directives{Bot: "examplebot", NoSnippet: true, MaxVideoPreview: new(-1)})
	// Output:
	// noindex, nofollow
	// examplebot: nosnippet, max-video-preview: -1
}

func ExampleDirectives_ExplicitString() {
	fmt.Println(robots.Directives{NoIndex: true}.ExplicitString())
	fmt.Println(robots.Directives{}.ExplicitString())
	// Output:
	// noindex, follow
	// index, follow
}

func ExampleFormatRobotsTag() {
	field, err := robots.FormatRobotsTag(
		robots.Directives{NoSnippet: true},
		robots.Directives{Bot: "examplebot", NoIndex: true, UnavailableAfter: time.Date(2026, 12, 31, 0, 0, 0, 0, time.UTC)},
	)
	fmt.Println(field, err)

	// A name with a space is no structured-field key.
	_, err = robots.FormatRobotsTag(robots.Directives{Other: []string{"acap allow-index"}})
	fmt.Println(err != nil)
	// Output:
	// *;nosnippet, examplebot;noindex;unavailable_after="2026-12-31T00:00:00Z" <nil>
	// true
}
