package benchmarks

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/sdxc/robots"
)

const agent = "ExampleBot/1.0 (+https://example.com/bot)"

// siteRobots is a robots.txt of the usual size and shape: a few groups,
// wildcards, an end anchor and an Allow inside a disallowed directory.
const siteRobots = `User-agent: *
Disallow: /admin/
Disallow: /cart
Disallow: /checkout/
Disallow: /search?
Disallow: /*?sessionid=
Disallow: /*.pdf$
Allow: /admin/public/
Crawl-delay: 1

User-agent: OtherBot
Disallow: /

Sitemap: https://example.com/sitemap.xml
`

func robotsServer(b *testing.B, requests *atomic.Int64) *httptest.Server {
	b.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		io.WriteString(w, siteRobots)
	}))
	b.Cleanup(srv.Close)
	return srv
}

// BenchmarkCacheHit is a Cache answering IsAllowed for an origin whose
// outcome is fresh: the question a crawler asks before every page. Target:
// under 1 µs and 0 allocations.
func BenchmarkCacheHit(b *testing.B) {
	var requests atomic.Int64
	srv := robotsServer(b, &requests)
	cache := &robots.Cache{Fetcher: robots.Fetcher{UserAgent: agent}}
	ctx := context.Background()
	urls := []string{
		srv.URL + "/articles/2024/robots-and-crawlers.html",
		srv.URL + "/admin/settings",
		srv.URL + "/search?q=robots",
		srv.URL + "/docs/manual.pdf",
	}
	want := []bool{true, false, false, false}
	for i, u := range urls {
		if got := cache.IsAllowed(ctx, agent, u); got != want[i] {
			b.Fatalf("IsAllowed(%q, %q) = %v, want %v", agent, u, got, want[i])
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		cache.IsAllowed(ctx, agent, urls[i&3])
		i++
	}
	if n := requests.Load(); n != 1 {
		b.Fatalf("%d requests, want 1", n)
	}
}

// BenchmarkCacheHitParallel is BenchmarkCacheHit from every P at once.
func BenchmarkCacheHitParallel(b *testing.B) {
	var requests atomic.Int64
	srv := robotsServer(b, &requests)
	cache := &robots.Cache{Fetcher: robots.Fetcher{UserAgent: agent}}
	ctx := context.Background()
	u := srv.URL + "/articles/2024/robots-and-crawlers.html"
	if !cache.IsAllowed(ctx, agent, u) {
		b.Fatalf("IsAllowed(%q, %q) = false, want true", agent, u)
	}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			cache.IsAllowed(ctx, agent, u)
		}
	})
}

// BenchmarkCacheColdOrigin is 1,000 goroutines asking about one origin the
// Cache has not seen; it reports the requests that reached the server per
// round (the target is exactly 1).
func BenchmarkCacheColdOrigin(b *testing.B) {
	const goroutines = 1000
	var requests atomic.Int64
	srv := robotsServer(b, &requests)
	ctx := context.Background()
	rounds := 0
	for b.Loop() {
		cache := &robots.Cache{Fetcher: robots.Fetcher{UserAgent: agent}}
		start := make(chan struct{})
		var wg sync.WaitGroup
		for range goroutines {
			wg.Go(func() {
				<-start
				cache.IsAllowed(ctx, agent, srv.URL+"/articles/1")
			})
		}
		close(start)
		wg.Wait()
		rounds++
	}
	b.ReportMetric(float64(requests.Load())/float64(rounds), "requests/round")
}

// BenchmarkFetch is one retrieval over loopback, parse included.
func BenchmarkFetch(b *testing.B) {
	var requests atomic.Int64
	srv := robotsServer(b, &requests)
	f := &robots.Fetcher{UserAgent: agent}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if o := f.Fetch(ctx, srv.URL); o.Status != robots.Parsed {
			b.Fatalf("Fetch = %s %d %s", o.Status, o.HTTPStatus, o.Error)
		}
	}
}
