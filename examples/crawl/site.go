package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sdxc/robots"
)

// The demo site: three origins served by one loopback server and told apart
// by the Host header, as virtual hosts are. Its transport dials every demo
// host to that server, so the crawl uses and prints ordinary URLs such as
// http://news.example/ and never touches the network.
//
//   - news.example serves the robots.txt below and the pages in newsPages;
//   - blog.example has no robots.txt (404): everything is allowed;
//   - forum.example answers robots.txt with 503: everything is refused.

// newsRobots is news.example's robots.txt. Line numbers matter: the audit
// log and the test quote them.
const newsRobots = `# news.example: the rules of the crawl demo.
Content-Signal: search=yes, ai-train=no

User-agent: *
Disallow: /drafts/
Disallow: /search
Crawl-delay: 5

User-agent: ExampleBot
Disallow: /drafts/
Allow: /drafts/press-*
Disallow: /*?sort=
Disallow: /*.pdf$
Crawl-delay: 2
Content-Signal: ai-input=yes

User-agent: GPTBot
User-agent: CCBot
Disallow: /

Sitemap: http://news.example/sitemap.xml
`

const newsSitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>http://news.example/</loc></url>
  <url><loc>http://news.example/articles/sitemaps</loc></url>
</urlset>
`

// A page is one response of the demo site.
type page struct {
	header http.Header // sent as given; Content-Type is text/html unless set
	status int         // 0 = 200
	body   string
}

var newsPages = map[string]page{
	"/": {body: `<!DOCTYPE html>
<html><head><title>News</title></head><body>
<a href="/articles/robots-in-go">Robots in Go</a>
<a href="/articles/old-news">Old news</a>
<a href="/tag/go">Tag: go</a>
<a href="/articles?sort=date">Newest first</a>
<a href="/media/report.pdf">Annual report</a>
<a href="/drafts/next-week">Next week</a>
<a href="/drafts/press-kit">Press kit</a>
<a href="/about">About us</a>
<a href="/login" rel="nofollow">Log in</a>
<a href="http://ads.example/offer" rel="sponsored">Advertisement</a>
<a href="http://blog.example/">Our blog</a>
<a href="http://forum.example/">Forum</a>
</body></html>`},

	// A redirect into a disallowed directory: the crawler queues the target
	// instead of following it blindly.
	"/about": {status: http.StatusMovedPermanently, header: http.Header{"Location": {"/drafts/about"}}},

	// A header for another bot must not apply to ExampleBot.
	"/articles/robots-in-go": {
		header: http.Header{"X-Robots-Tag": {"otherbot: noindex, nofollow"}},
		body: `<!DOCTYPE html>
<html><head><title>Robots in Go</title></head><body>
<a href="/">Home</a>
<a href="/articles/go-modules">Go modules</a>
<a href="http://forum.example/t/42" rel="ugc">Comment by a reader</a>
</body></html>`,
	},

	// unavailable_after in the past: fetched, but not indexed.
	"/articles/old-news": {
		header: http.Header{"X-Robots-Tag": {"unavailable_after: Wed, 01 Jan 2020 00:00:00 GMT"}},
		body:   `<html><head><title>Old news</title></head><body><a href="/articles/robots-in-go">Robots in Go</a></body></html>`,
	},

	// A listing page: not indexed, but its links are followed.
	"/tag/go": {body: `<!DOCTYPE html>
<html><head><title>Tag: go</title><meta name="robots" content="noindex, follow"></head><body>
<a href="/articles/robots-in-go">Robots in Go</a>
<a href="/articles/go-modules">Go modules</a>
</body></html>`},

	// The Robots-Tag structured field, one member per bot.
	"/articles/go-modules": {
		header: http.Header{"Robots-Tag": {"*;noarchive, examplebot;noindex"}},
		body:   `<html><head><title>Go modules</title></head><body><a href="/articles/sitemaps">Sitemaps</a></body></html>`,
	},

	// Allowed by "Allow: /drafts/press-*", but the header keeps ExampleBot
	// from indexing it.
	"/drafts/press-kit": {
		header: http.Header{"X-Robots-Tag": {"examplebot: noindex"}},
		body:   `<html><head><title>Press kit</title></head><body><a href="/articles/sitemaps">Sitemaps</a></body></html>`,
	},

	// A meta tag for ExampleBot alone: indexed, links not followed, so
	// /articles/unlisted is never requested.
	"/articles/sitemaps": {body: `<!DOCTYPE html>
<html><head><title>Sitemaps</title>
<meta name="robots" content="max-snippet: 120">
<meta name="ExampleBot" content="nofollow">
</head><body>
<a href="/articles/unlisted">Unlisted</a>
</body></html>`},

	"/articles/unlisted": {body: `<html><head><title>Unlisted</title></head><body></body></html>`},
}

var blogPages = map[string]page{
	"/": {body: `<!DOCTYPE html>
<html><head><title>Blog</title></head><body>
<a href="/posts/hello">Hello</a>
<a href="http://news.example/">News</a>
</body></html>`},
	"/posts/hello": {
		header: http.Header{"X-Robots-Tag": {"noarchive"}},
		body:   `<html><head><title>Hello</title></head><body><a href="/">Blog</a></body></html>`,
	},
}

// A request is what the site saw, for the test and for run's checks.
type request struct {
	Host, Path, UserAgent string
	At                    time.Time
	Refused               bool // the path is one robots.txt disallows for the agent
}

// A site is the running demo site.
type site struct {
	srv        *httptest.Server
	newsRobots *robots.Robots

	mu       sync.Mutex
	requests []request
}

// startSite starts the demo site on loopback. Close it when done.
func startSite() *site {
	s := &site{newsRobots: robots.Parse([]byte(newsRobots))}
	s.srv = httptest.NewServer(s)
	return s
}

func (s *site) Close() { s.srv.Close() }

// transport returns an http.RoundTripper that connects to the demo site
// whatever the demo host asked for, and to nothing else.
func (s *site) transport() http.RoundTripper {
	var d net.Dialer
	return &http.Transport{
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			host, _, _ := net.SplitHostPort(addr)
			switch host {
			case "news.example", "blog.example", "forum.example":
				return d.DialContext(ctx, network, s.srv.Listener.Addr().String())
			}
			return nil, fmt.Errorf("demo: no such host %q", host)
		},
	}
}

func (s *site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	req := request{Host: r.Host, Path: r.URL.RequestURI(), UserAgent: r.UserAgent(), At: time.Now()}
	switch r.Host {
	case "news.example":
		req.Refused = !s.newsRobots.IsAllowed(req.UserAgent, req.Path)
	case "forum.example":
		req.Refused = req.Path != "/robots.txt"
	}
	s.mu.Lock()
	s.requests = append(s.requests, req)
	s.mu.Unlock()

	switch {
	case r.Host == "news.example" && req.Path == "/robots.txt":
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprint(w, newsRobots)
	case r.Host == "news.example" && req.Path == "/sitemap.xml":
		w.Header().Set("Content-Type", "application/xml")
		fmt.Fprint(w, newsSitemap)
	case r.Host == "news.example":
		serve(w, newsPages, req.Path)
	case r.Host == "blog.example":
		serve(w, blogPages, req.Path) // no /robots.txt: 404
	case r.Host == "forum.example":
		w.Header().Set("Retry-After", "3600")
		http.Error(w, "maintenance", http.StatusServiceUnavailable)
	default:
		http.Error(w, "unknown host", http.StatusMisdirectedRequest)
	}
}

func serve(w http.ResponseWriter, pages map[string]page, path string) {
	p, ok := pages[path]
	if !ok {
		http.NotFound(w, nil)
		return
	}
	for k, v := range p.header {
		w.Header()[k] = slices.Clone(v) // not shared between responses
	}
	if w.Header().Get("Content-Type") == "" && p.body != "" {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
	}
	if p.status != 0 {
		w.WriteHeader(p.status)
	}
	fmt.Fprint(w, p.body)
}

// log returns a copy of the requests the site has seen, in order.
func (s *site) log() []request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]request(nil), s.requests...)
}

// check reports requests a polite crawler does not make: without a
// User-Agent, or for a URL robots.txt refuses it.
func (s *site) check(userAgent string) error {
	var bad []string
	for _, r := range s.log() {
		switch {
		case r.UserAgent != userAgent:
			bad = append(bad, fmt.Sprintf("%s%s sent User-Agent %q", r.Host, r.Path, r.UserAgent))
		case r.Refused:
			bad = append(bad, fmt.Sprintf("%s%s was requested although robots.txt refuses it", r.Host, r.Path))
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("impolite requests: %s", strings.Join(bad, "; "))
	}
	return nil
}
