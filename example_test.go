package robots_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"

	"github.com/sdxc/robots"
)

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
