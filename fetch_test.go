package robots

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/iotest"
	"time"
	"unicode/utf8"
	"unsafe"
)

const fetchAgent = "ExampleBot/1.0 (+https://example.com/bot)"

// fetchRobots is the file most test servers serve.
const fetchRobots = "User-agent: *\nDisallow: /private/\n"

// A pathCheck is one IsAllowed question about a path of the page's origin.
type pathCheck struct {
	path    string
	allowed bool
}

var (
	// rulesOfFetchRobots are the answers fetchRobots gives.
	rulesOfFetchRobots     = []pathCheck{{"/private/a", false}, {"/public/b", true}, {"/robots.txt", true}, {"/", true}}
	allowsEverything       = []pathCheck{{"/private/a", true}, {"/public/b", true}, {"/robots.txt", true}, {"/", true}}
	refusesAllButRobotsTxt = []pathCheck{{"/private/a", false}, {"/public/b", false}, {"/robots.txt", true}, {"/", false}}
)

func checkOutcome(t *testing.T, o *Outcome, origin string, checks []pathCheck) {
	t.Helper()
	checkErr(t, o)
	for _, c := range checks {
		if got := o.IsAllowed(fetchAgent, origin+c.path); got != c.allowed {
			t.Errorf("IsAllowed(%q, %q) = %v, want %v (outcome: %s)", fetchAgent, origin+c.path, got, c.allowed, describeOutcome(o))
		}
	}
}

// checkErr checks that o's Err is its Error as an error: nil when Error is
// "", and with Error's text otherwise.
func checkErr(t *testing.T, o *Outcome) {
	t.Helper()
	if o == nil {
		return
	}
	if (o.Err == nil) != (o.Error == "") || o.Err != nil && o.Err.Error() != o.Error {
		t.Errorf("Err = %v, want an error whose text is Error, %q (nil when it is empty)", o.Err, o.Error)
	}
}

// describeOutcome writes an outcome for a failure message.
func describeOutcome(o *Outcome) string {
	if o == nil {
		return "<nil>"
	}
	return fmt.Sprintf("%s %d lifetime %v redirects %d final %q error %q", o.Status, o.HTTPStatus, o.Lifetime, o.Redirects, o.FinalURL, o.Error)
}

func startServer(t *testing.T, h http.HandlerFunc) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

// countingServer serves fetchRobots and counts the requests.
func countingServer(t *testing.T) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	requests := new(atomic.Int32)
	srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		io.WriteString(w, fetchRobots)
	})
	return srv, requests
}

// respond answers with status and body.
func respond(status int, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(status)
		io.WriteString(w, body)
	}
}

// rawResponse answers by writing response on the hijacked connection, then calls
// then with it (nil: close it).
func rawResponse(response string, then func(net.Conn)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		conn, buf, err := http.NewResponseController(w).Hijack()
		if err != nil {
			panic(err)
		}
		buf.WriteString(response)
		buf.Flush()
		if then != nil {
			then(conn)
		}
		conn.Close()
	}
}

// resetConn closes conn with a TCP reset instead of an orderly close.
func resetConn(conn net.Conn) {
	if tc, ok := conn.(*net.TCPConn); ok {
		tc.SetLinger(0)
	}
}

func newTestFetcher() *Fetcher {
	return &Fetcher{UserAgent: fetchAgent, Timeout: 5 * time.Second}
}

// A statusCase is a server that answers with one response, and the outcome
// it must give.
type statusCase struct {
	name       string
	handler    http.HandlerFunc
	status     Status
	httpStatus int
	checks     []pathCheck
}

// statusCases are the decision table's rows for the statuses a single
// response can have.
func statusCases() []statusCase {
	const html = "<!DOCTYPE html>\n<html><head><title>Welcome</title></head>\n<body><p>Disallow all the things</p>\n<a href=\"/private/\">private</a></body></html>\n"
	const errorPage = "User-agent: *\nDisallow: /\n" // an error body that must never be parsed
	return []statusCase{
		{"200 rules", respond(200, fetchRobots), Parsed, 200, rulesOfFetchRobots},
		{"201", respond(201, fetchRobots), Parsed, 201, rulesOfFetchRobots},
		{"203", respond(203, fetchRobots), Parsed, 203, rulesOfFetchRobots},
		{"206", respond(206, fetchRobots), Parsed, 206, rulesOfFetchRobots},
		{"299", respond(299, fetchRobots), Parsed, 299, rulesOfFetchRobots},
		{"204 empty", respond(204, ""), Parsed, 204, allowsEverything},
		{"200 empty", respond(200, ""), Parsed, 200, allowsEverything},
		{"200 HTML", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			io.WriteString(w, html)
		}, Parsed, 200, allowsEverything},
		{"200 CRLF and BOM", respond(200, "\ufeffUser-agent: *\r\nDisallow: /private/\r\n"), Parsed, 200, rulesOfFetchRobots},
		{"400", respond(400, errorPage), Unavailable, 400, allowsEverything},
		{"401", respond(401, errorPage), Unavailable, 401, allowsEverything},
		{"403", respond(403, errorPage), Unavailable, 403, allowsEverything},
		{"404", respond(404, errorPage), Unavailable, 404, allowsEverything},
		{"410", respond(410, errorPage), Unavailable, 410, allowsEverything},
		{"451", respond(451, errorPage), Unavailable, 451, allowsEverything},
		{"499", respond(499, errorPage), Unavailable, 499, allowsEverything},
		{"429", respond(429, fetchRobots), Unreachable, 429, refusesAllButRobotsTxt},
		{"500", respond(500, fetchRobots), Unreachable, 500, refusesAllButRobotsTxt},
		{"502", respond(502, fetchRobots), Unreachable, 502, refusesAllButRobotsTxt},
		{"503", respond(503, fetchRobots), Unreachable, 503, refusesAllButRobotsTxt},
		{"504", respond(504, fetchRobots), Unreachable, 504, refusesAllButRobotsTxt},
		{"599", respond(599, fetchRobots), Unreachable, 599, refusesAllButRobotsTxt},
		{"600", respond(600, fetchRobots), Unreachable, 600, refusesAllButRobotsTxt},
		{"999", respond(999, fetchRobots), Unreachable, 999, refusesAllButRobotsTxt},
		{"000", rawResponse("HTTP/1.1 000 Zero\r\nContent-Length: 0\r\n\r\n", nil), Unreachable, 0, refusesAllButRobotsTxt},
		{"099", rawResponse("HTTP/1.1 099 Odd\r\nContent-Length: 0\r\n\r\n", nil), Unreachable, 99, refusesAllButRobotsTxt},
		{"101", rawResponse("HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: robots\r\n\r\n", nil), Unreachable, 101, refusesAllButRobotsTxt},
		{"300 not followed", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Location", "/elsewhere")
			w.WriteHeader(300)
		}, Unavailable, 300, allowsEverything},
		{"304", respond(304, ""), Unavailable, 304, allowsEverything},
		{"399, the last 3xx", respond(399, errorPage), Unavailable, 399, allowsEverything},
		{"301 without Location", respond(301, ""), Unavailable, 301, allowsEverything},
		{"308 without Location", respond(308, ""), Unavailable, 308, allowsEverything},
	}
}

// TestFetchStatus covers the decision table row by row for the statuses a
// single response can have.
func TestFetchStatus(t *testing.T) {
	for _, tc := range statusCases() {
		t.Run(tc.name, func(t *testing.T) {
			srv := startServer(t, tc.handler)
			o := newTestFetcher().Fetch(context.Background(), srv.URL+"/some/page?q=1")
			if o.Status != tc.status || o.HTTPStatus != tc.httpStatus {
				t.Fatalf("Fetch = %s, want %s %d", describeOutcome(o), tc.status, tc.httpStatus)
			}
			if (o.Robots != nil) != (tc.status == Parsed) {
				t.Errorf("Robots = %v with status %s", o.Robots, o.Status)
			}
			if o.URL != srv.URL+"/robots.txt" || o.FinalURL != o.URL {
				t.Errorf("URL, FinalURL = %q, %q, want %q for both", o.URL, o.FinalURL, srv.URL+"/robots.txt")
			}
			if o.FetchedAt.IsZero() || o.FetchedAt.Location() != time.UTC {
				t.Errorf("FetchedAt = %v, want a UTC time", o.FetchedAt)
			}
			if o.Lifetime < 0 || o.Lifetime > 24*time.Hour || o.Status == Unreachable && o.Lifetime == 0 {
				t.Errorf("Lifetime = %v", o.Lifetime)
			}
			// Error says why a 3xx stopped the chain, and names a status
			// that is no final status; a 2xx, 4xx or 5xx decides by its
			// status alone.
			switch code := tc.httpStatus; {
			case 200 <= code && code <= 299 || 400 <= code && code <= 599:
				if o.Error != "" {
					t.Errorf("Error = %q for a %d, want none", o.Error, code)
				}
			case 300 <= code && code <= 399:
				if o.Error == "" {
					t.Errorf("Error is empty for a %d not followed", code)
				}
			default:
				if want := fmt.Sprintf("status %03d ", code); !strings.Contains(o.Error, want) {
					t.Errorf("Error = %q for a %03d, want it to say %q", o.Error, code, want)
				}
			}
			checkOutcome(t, o, srv.URL, tc.checks)
		})
	}
}

// TestOutcomeOfAgreesWithFetch: a response the caller retrieved itself
// decides as Fetch decides the same response, row by row of the table.
func TestOutcomeOfAgreesWithFetch(t *testing.T) {
	for _, tc := range statusCases() {
		t.Run(tc.name, func(t *testing.T) {
			srv := startServer(t, tc.handler)
			fetched := newTestFetcher().Fetch(context.Background(), srv.URL+"/")
			resp, err := http.Get(srv.URL + "/robots.txt")
			o := OutcomeOf(resp, err)
			if o.Status != tc.status || o.HTTPStatus != tc.httpStatus {
				t.Fatalf("OutcomeOf = %s, want %s %d", describeOutcome(o), tc.status, tc.httpStatus)
			}
			if o.Lifetime != fetched.Lifetime || (o.Robots != nil) != (fetched.Robots != nil) || o.Error != fetched.Error {
				t.Errorf("OutcomeOf = %s\nFetch     = %s", describeOutcome(o), describeOutcome(fetched))
			}
			if o.URL != srv.URL+"/robots.txt" || o.FinalURL != o.URL || o.Redirects != 0 {
				t.Errorf("URL, FinalURL, Redirects = %q, %q, %d, want %q twice and 0", o.URL, o.FinalURL, o.Redirects, srv.URL+"/robots.txt")
			}
			if o.FetchedAt.IsZero() || o.FetchedAt.Location() != time.UTC {
				t.Errorf("FetchedAt = %v, want a UTC time", o.FetchedAt)
			}
			checkOutcome(t, o, srv.URL, tc.checks)
		})
	}
}

// TestOutcomeOf covers what only a response retrieved elsewhere can be: a
// redirect its client did not follow, a client error, a response built by
// hand.
func TestOutcomeOf(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "max-age=600")
		io.WriteString(w, fetchRobots)
	})
	mux.HandleFunc("/moved", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/robots.txt", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/moved-twice", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/moved", http.StatusFound)
	})
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/loop", http.StatusFound)
	})
	mux.HandleFunc("/gzip", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Accept-Encoding") != "gzip" {
			http.Error(w, "ask for gzip", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(compressed("gzip", fetchRobots))
	})
	mux.HandleFunc("/short", rawResponse("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nUser-agent: *\nDisallow: /private/\n", nil))
	mux.HandleFunc("/huge", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, fetchRobots+strings.Repeat("# padding\n", DefaultMaxBytes/10+1))
	})
	mux.HandleFunc("/stall", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "100")
		io.WriteString(w, "User-agent: *\n")
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	})
	mux.HandleFunc("/chain/", func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/chain/"))
		if n == 0 {
			io.WriteString(w, fetchRobots)
			return
		}
		http.Redirect(w, r, "/chain/"+strconv.Itoa(n-1), http.StatusFound)
	})
	mux.HandleFunc("/bad-location", func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Location"] = []string{"http://user:secret@[::1"} // does not parse
		w.WriteHeader(http.StatusFound)
	})
	mux.HandleFunc("/bad-location-port", func(w http.ResponseWriter, r *http.Request) {
		// url.Parse reads "http://user:secret" before the '#', a port of
		// "secret", and says so.
		w.Header()["Location"] = []string{"http://user:secret#x@127.0.0.1/"}
		w.WriteHeader(http.StatusFound)
	})
	srv := startServer(t, mux.ServeHTTP)
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	// stopAfter follows up to hops redirects, then hands over the next one.
	stopAfter := func(hops int) *http.Client {
		return &http.Client{CheckRedirect: func(_ *http.Request, via []*http.Request) error {
			if len(via) > hops {
				return http.ErrUseLastResponse
			}
			return nil
		}}
	}
	withTimeout := &http.Client{Timeout: 5 * time.Second}
	handMade := func(status int, rawURL string, h http.Header, body io.Reader) func() (*http.Response, error) {
		return func() (*http.Response, error) {
			resp := &http.Response{StatusCode: status, Header: h, Body: io.NopCloser(body)}
			if rawURL != "" {
				resp.Request, _ = http.NewRequest(http.MethodGet, rawURL, nil)
			}
			return resp, nil
		}
	}
	notToday := errors.New("not today")
	refuse := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return notToday }}
	get := func(c *http.Client, path string) func() (*http.Response, error) {
		return func() (*http.Response, error) {
			req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
			if path == "/gzip" {
				req.Header.Set("Accept-Encoding", "gzip") // the Transport then leaves the body coded
			}
			return c.Do(req)
		}
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	// A Response whose Request chain comes back to itself, as no client
	// makes, must still be counted within bounds.
	cycle := func() (*http.Response, error) {
		req, _ := http.NewRequest(http.MethodGet, "https://a.example/robots.txt", nil)
		resp := &http.Response{StatusCode: 200, Header: http.Header{}, Body: io.NopCloser(strings.NewReader(fetchRobots)), Request: req}
		req.Response = resp
		return resp, nil
	}
	// handChain builds the 200 that ends hops redirects from
	// https://a.example/0 to /hops, each Request carrying the redirect that
	// led to it, as net/http's Client does.
	handChain := func(hops int) func() (*http.Response, error) {
		return func() (*http.Response, error) {
			var req *http.Request
			var prev *http.Response
			for i := 0; i <= hops; i++ {
				req, _ = http.NewRequest(http.MethodGet, fmt.Sprintf("https://a.example/%d", i), nil)
				req.Response = prev
				prev = &http.Response{StatusCode: 302, Header: http.Header{"Location": {fmt.Sprintf("/%d", i+1)}}, Body: http.NoBody, Request: req}
			}
			return &http.Response{StatusCode: 200, Header: http.Header{}, Body: io.NopCloser(strings.NewReader(fetchRobots)), Request: req}, nil
		}
	}
	// longLocation is an http URL of n octets, all but its first 28 a
	// fragment, which is dropped before the URL is followed.
	longLocation := func(n int) http.Header {
		const base = "http://b.example/robots.txt#"
		return http.Header{"Location": {base + strings.Repeat("x", n-len(base))}}
	}
	// padded is fetchRobots and a comment line, n octets in all.
	padded := func(n int) io.Reader {
		return strings.NewReader(fetchRobots + "#" + strings.Repeat("x", n-len(fetchRobots)-2) + "\n")
	}
	tests := []struct {
		name       string
		respond    func() (*http.Response, error)
		status     Status
		httpStatus int
		lifetime   time.Duration
		url, final string // "" for none
		redirects  int
		errorHas   string // "" for no Error
		errIs      error  // what Err must be to errors.Is; nil: not checked
		truncated  bool
		checks     []pathCheck
	}{
		{name: "200", respond: get(http.DefaultClient, "/robots.txt"), status: Parsed, httpStatus: 200, lifetime: 10 * time.Minute,
			url: srv.URL + "/robots.txt", final: srv.URL + "/robots.txt", checks: rulesOfFetchRobots},
		{name: "redirects followed by the client", respond: get(http.DefaultClient, "/moved-twice"), status: Parsed, httpStatus: 200, lifetime: 10 * time.Minute,
			url: srv.URL + "/moved-twice", final: srv.URL + "/robots.txt", redirects: 2, checks: rulesOfFetchRobots},
		{name: "a redirect the client did not follow", respond: get(noFollow, "/moved"), status: Unreachable, httpStatus: 301, lifetime: time.Hour,
			url: srv.URL + "/moved", final: srv.URL + "/moved", errorHas: "did not follow", checks: refusesAllButRobotsTxt},
		{name: "a redirect CheckRedirect refused", respond: get(refuse, "/moved"), status: Unreachable, httpStatus: 301, lifetime: time.Hour,
			url: srv.URL + "/moved", final: srv.URL + "/moved", errorHas: "not today", errIs: notToday, checks: refusesAllButRobotsTxt},
		// As Fetch reads them: chains that lead nowhere are Unavailable,
		// whichever way the client stopped.
		{name: "a loop the client gave up on", respond: get(http.DefaultClient, "/loop"), status: Unavailable, httpStatus: 302, lifetime: 24 * time.Hour,
			url: srv.URL + "/loop", final: srv.URL + "/loop", redirects: 9, errorHas: "more than 5 redirects", checks: allowsEverything},
		{name: "a redirect to itself, not followed", respond: get(noFollow, "/loop"), status: Unavailable, httpStatus: 302, lifetime: 24 * time.Hour,
			url: srv.URL + "/loop", final: srv.URL + "/loop", errorHas: "(a loop)", checks: allowsEverything},
		{name: "five hops followed, the sixth handed over", respond: get(stopAfter(5), "/chain/6"), status: Unavailable, httpStatus: 302, lifetime: 24 * time.Hour,
			url: srv.URL + "/chain/6", final: srv.URL + "/chain/1", redirects: 5, errorHas: "more than 5 redirects", checks: allowsEverything},
		{name: "four hops followed, the fifth handed over", respond: get(stopAfter(4), "/chain/6"), status: Unreachable, httpStatus: 302, lifetime: time.Hour,
			url: srv.URL + "/chain/6", final: srv.URL + "/chain/2", redirects: 4, errorHas: "did not follow", checks: refusesAllButRobotsTxt},
		{name: "a loop spelled with an upper-case host", respond: handMade(302, "http://A.Example/robots.txt", http.Header{"Location": {"/robots.txt"}}, http.NoBody),
			status: Unavailable, httpStatus: 302, lifetime: 24 * time.Hour, url: "http://A.Example/robots.txt", final: "http://A.Example/robots.txt", errorHas: "(a loop)", checks: allowsEverything},
		{name: "a loop spelled with the default port", respond: handMade(301, "http://a.example:80/robots.txt#top", http.Header{"Location": {"http://a.example/robots.txt"}}, http.NoBody),
			status: Unavailable, httpStatus: 301, lifetime: 24 * time.Hour, url: "http://a.example:80/robots.txt#top", final: "http://a.example:80/robots.txt#top", errorHas: "(a loop)", checks: allowsEverything},
		{name: "credentials in a Location not followed are not quoted", respond: handMade(302, "http://a.example/robots.txt", http.Header{"Location": {"http://u:secret@b.example/robots.txt"}}, http.NoBody),
			status: Unreachable, httpStatus: 302, lifetime: time.Hour, url: "http://a.example/robots.txt", final: "http://a.example/robots.txt", errorHas: "redirects to http://b.example/robots.txt", checks: refusesAllButRobotsTxt},
		{name: "a refusal names no credentials", respond: func() (*http.Response, error) {
			return refuse.Get(strings.Replace(srv.URL, "http://", "http://user:secret@", 1) + "/moved")
		}, status: Unreachable, httpStatus: 301, lifetime: time.Hour, url: srv.URL + "/moved", final: srv.URL + "/moved", errorHas: "(not today)", errIs: notToday, checks: refusesAllButRobotsTxt},
		{name: "an error that quotes credentials", respond: func() (*http.Response, error) {
			return nil, fmt.Errorf("Get %q: boom", "http://user:secret@a.example/robots.txt")
		}, status: Unreachable, lifetime: time.Hour, errorHas: `Get "http://a.example/robots.txt": boom`, checks: refusesAllButRobotsTxt},
		{name: "a Location net/http cannot parse, with credentials", respond: get(http.DefaultClient, "/bad-location"), status: Unreachable, lifetime: time.Hour,
			errorHas: `"http://[::1"`, checks: refusesAllButRobotsTxt},
		{name: "a Location net/http cannot parse, a '#' in its password", respond: get(http.DefaultClient, "/bad-location-port"), status: Unreachable, lifetime: time.Hour,
			errorHas: `failed to parse Location header "http://127.0.0.1/": parse "http://127.0.0.1/": its authority does not parse`, checks: refusesAllButRobotsTxt},
		{name: "a body cut short under a Client.Timeout", respond: get(withTimeout, "/short"), status: Unreachable, httpStatus: 200, lifetime: time.Hour,
			url: srv.URL + "/short", final: srv.URL + "/short", errorHas: "reading the body of", checks: refusesAllButRobotsTxt},
		{name: "a response and an error", respond: func() (*http.Response, error) {
			resp, _ := handMade(200, "", http.Header{}, strings.NewReader(fetchRobots))()
			return resp, errors.New("boom")
		}, status: Unreachable, httpStatus: 200, lifetime: time.Hour, errorHas: "boom", checks: refusesAllButRobotsTxt},
		{name: "a status below 0", respond: handMade(-5, "", http.Header{}, http.NoBody), status: Unreachable, httpStatus: -5, lifetime: time.Hour,
			errorHas: "status -5 is no final status", checks: refusesAllButRobotsTxt},
		{name: "a body that fails, without a Request", respond: handMade(200, "", http.Header{}, iotest.ErrReader(errors.New("broken"))), status: Unreachable, httpStatus: 200, lifetime: time.Hour,
			errorHas: "robots: reading the body: broken", checks: refusesAllButRobotsTxt},
		{name: "cancelled with a cause before any response", respond: func() (*http.Response, error) {
			// net/http returns the cause, and no request is left to ask:
			// read as the origin's failure, as the doc says.
			ctx, cancel := context.WithCancelCause(context.Background())
			cancel(errors.New("shutting down"))
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/robots.txt", nil)
			return http.DefaultClient.Do(req)
		}, status: Unreachable, lifetime: time.Hour, errorHas: "shutting down", checks: refusesAllButRobotsTxt},
		{name: "gzip left coded", respond: get(http.DefaultClient, "/gzip"), status: Parsed, httpStatus: 200, lifetime: 24 * time.Hour,
			url: srv.URL + "/gzip", final: srv.URL + "/gzip", checks: rulesOfFetchRobots},
		{name: "a body cut short", respond: get(http.DefaultClient, "/short"), status: Unreachable, httpStatus: 200, lifetime: time.Hour,
			url: srv.URL + "/short", final: srv.URL + "/short", errorHas: "reading the body of " + srv.URL + "/short", checks: refusesAllButRobotsTxt},
		{name: "a body past the limit", respond: get(http.DefaultClient, "/huge"), status: Parsed, httpStatus: 200, lifetime: 24 * time.Hour,
			url: srv.URL + "/huge", final: srv.URL + "/huge", truncated: true, checks: rulesOfFetchRobots},
		{name: "credentials are not kept", respond: func() (*http.Response, error) {
			return http.Get(strings.Replace(srv.URL, "http://", "http://user:secret@", 1) + "/moved")
		}, status: Parsed, httpStatus: 200, lifetime: 10 * time.Minute, url: srv.URL + "/moved", final: srv.URL + "/robots.txt", redirects: 1, checks: rulesOfFetchRobots},
		{name: "no response", respond: func() (*http.Response, error) {
			return nil, &url.Error{Op: "Get", URL: "http://a.example/robots.txt", Err: errors.New("connection refused")}
		}, status: Unreachable, lifetime: time.Hour, errorHas: "connection refused", checks: refusesAllButRobotsTxt},
		{name: "cancelled", respond: func() (*http.Response, error) {
			req, _ := http.NewRequestWithContext(cancelled, http.MethodGet, srv.URL+"/robots.txt", nil)
			return http.DefaultClient.Do(req)
		}, status: Unreachable, lifetime: time.Minute, errorHas: "the caller's context ended", errIs: context.Canceled, checks: refusesAllButRobotsTxt},
		{name: "cancelled with a cause while the body comes", respond: func() (*http.Response, error) {
			ctx, cancel := context.WithCancelCause(context.Background())
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/stall", nil)
			resp, err := http.DefaultClient.Do(req)
			cancel(errors.New("shutting down"))
			return resp, err
		}, status: Unreachable, httpStatus: 200, lifetime: time.Minute, url: srv.URL + "/stall", final: srv.URL + "/stall", errorHas: "the caller's context ended", checks: refusesAllButRobotsTxt},
		{name: "nil and nil", respond: func() (*http.Response, error) { return nil, nil }, status: Unreachable, lifetime: time.Hour,
			errorHas: "no response and no error", checks: refusesAllButRobotsTxt},
		{name: "built by hand, without a Request", respond: func() (*http.Response, error) {
			return &http.Response{StatusCode: 200, Header: http.Header{}, Body: io.NopCloser(strings.NewReader(fetchRobots))}, nil
		}, status: Parsed, httpStatus: 200, lifetime: 24 * time.Hour, checks: rulesOfFetchRobots},
		{name: "built by hand, without a Body", respond: func() (*http.Response, error) {
			return &http.Response{StatusCode: 200, Header: http.Header{}}, nil
		}, status: Parsed, httpStatus: 200, lifetime: 24 * time.Hour, checks: allowsEverything},
		{name: "built by hand, a chain that cycles", respond: cycle, status: Parsed, httpStatus: 200, lifetime: 24 * time.Hour,
			url: "https://a.example/robots.txt", final: "https://a.example/robots.txt", redirects: maxChain, checks: rulesOfFetchRobots},
		{name: "20 hops built by hand", respond: handChain(20), status: Parsed, httpStatus: 200, lifetime: 24 * time.Hour,
			url: "https://a.example/0", final: "https://a.example/20", redirects: 20, checks: rulesOfFetchRobots},
		{name: "1,000 hops built by hand, all counted", respond: handChain(maxChain), status: Parsed, httpStatus: 200, lifetime: 24 * time.Hour,
			url: "https://a.example/0", final: "https://a.example/1000", redirects: 1000, checks: rulesOfFetchRobots},
		{name: "1,001 hops built by hand, 1,000 counted", respond: handChain(maxChain + 1), status: Parsed, httpStatus: 200, lifetime: 24 * time.Hour,
			url: "https://a.example/1", final: "https://a.example/1001", redirects: 1000, checks: rulesOfFetchRobots},
		{name: "a Request without a URL", respond: func() (*http.Response, error) {
			req := &http.Request{Method: http.MethodGet}
			return &http.Response{StatusCode: 200, Header: http.Header{}, Body: io.NopCloser(strings.NewReader(fetchRobots)), Request: req}, nil
		}, status: Parsed, httpStatus: 200, lifetime: 24 * time.Hour, checks: rulesOfFetchRobots},
		{name: "a body of exactly DefaultMaxBytes", respond: handMade(200, "https://a.example/robots.txt", http.Header{}, padded(DefaultMaxBytes)), status: Parsed, httpStatus: 200,
			lifetime: 24 * time.Hour, url: "https://a.example/robots.txt", final: "https://a.example/robots.txt", checks: rulesOfFetchRobots},
		{name: "a body one octet past DefaultMaxBytes", respond: handMade(200, "https://a.example/robots.txt", http.Header{}, padded(DefaultMaxBytes+1)), status: Parsed, httpStatus: 200,
			lifetime: 24 * time.Hour, url: "https://a.example/robots.txt", final: "https://a.example/robots.txt", truncated: true, checks: rulesOfFetchRobots},
		// 64 KiB is the longest Location parsed at all; its fragment is
		// dropped, leaving a URL short enough to follow.
		{name: "a Location of 64 KiB, handed over", respond: handMade(302, "http://a.example/robots.txt", longLocation(64<<10), http.NoBody),
			status: Unreachable, httpStatus: 302, lifetime: time.Hour, url: "http://a.example/robots.txt", final: "http://a.example/robots.txt",
			errorHas: "redirects to http://b.example/robots.txt, which the client did not follow", checks: refusesAllButRobotsTxt},
		{name: "a Location of 64 KiB and one octet", respond: handMade(302, "http://a.example/robots.txt", longLocation(64<<10+1), http.NoBody),
			status: Unavailable, httpStatus: 302, lifetime: 24 * time.Hour, url: "http://a.example/robots.txt", final: "http://a.example/robots.txt",
			errorHas: "has a Location of 65537 octets", checks: allowsEverything},
		{name: "a loop through a URL with credentials", respond: handMade(302, "http://user:secret@a.example/robots.txt", http.Header{"Location": {"http://a.example/robots.txt"}}, http.NoBody),
			status: Unavailable, httpStatus: 302, lifetime: 24 * time.Hour, url: "http://a.example/robots.txt", final: "http://a.example/robots.txt", errorHas: "(a loop)", checks: allowsEverything},
		{name: "a relative redirect built by hand", respond: func() (*http.Response, error) {
			return &http.Response{StatusCode: 302, Header: http.Header{"Location": {"/elsewhere"}}, Body: http.NoBody}, nil
		}, status: Unreachable, httpStatus: 302, lifetime: time.Hour, errorHas: "did not follow", checks: refusesAllButRobotsTxt},
		{name: "a redirect from a relative Request URL", respond: func() (*http.Response, error) {
			req := &http.Request{Method: http.MethodGet, URL: &url.URL{Path: "/robots.txt"}}
			return &http.Response{StatusCode: 302, Header: http.Header{"Location": {"ftp://a.example/"}}, Body: http.NoBody, Request: req}, nil
		}, status: Unreachable, httpStatus: 302, lifetime: time.Hour, url: "/robots.txt", final: "/robots.txt", errorHas: "did not follow", checks: refusesAllButRobotsTxt},
		{name: "a redirect to ftp", respond: func() (*http.Response, error) {
			req, _ := http.NewRequest(http.MethodGet, srv.URL+"/robots.txt", nil)
			return &http.Response{StatusCode: 302, Header: http.Header{"Location": {"ftp://a.example/robots.txt"}}, Body: http.NoBody, Request: req}, nil
		}, status: Unavailable, httpStatus: 302, lifetime: 24 * time.Hour, url: srv.URL + "/robots.txt", final: srv.URL + "/robots.txt", errorHas: "not an http or https URL", checks: allowsEverything},
		{name: "a redirect without Location", respond: func() (*http.Response, error) {
			return &http.Response{StatusCode: 307, Header: http.Header{}, Body: http.NoBody}, nil
		}, status: Unavailable, httpStatus: 307, lifetime: 24 * time.Hour, errorHas: "has no Location", checks: allowsEverything},
		{name: "a POST", respond: func() (*http.Response, error) {
			req, _ := http.NewRequest(http.MethodPost, "https://a.example/robots.txt", nil)
			return &http.Response{StatusCode: 200, Header: http.Header{}, Body: io.NopCloser(strings.NewReader(fetchRobots)), Request: req}, nil
		}, status: Unreachable, httpStatus: 200, lifetime: time.Hour, url: "https://a.example/robots.txt", final: "https://a.example/robots.txt", errorHas: "a POST request, not a GET", checks: refusesAllButRobotsTxt},
		{name: "a Request without a Method, which net/http sends as a GET", respond: func() (*http.Response, error) {
			req := &http.Request{URL: &url.URL{Scheme: "https", Host: "a.example", Path: "/robots.txt"}}
			return &http.Response{StatusCode: 200, Header: http.Header{}, Body: io.NopCloser(strings.NewReader(fetchRobots)), Request: req}, nil
		}, status: Parsed, httpStatus: 200, lifetime: 24 * time.Hour, url: "https://a.example/robots.txt", final: "https://a.example/robots.txt", checks: rulesOfFetchRobots},
		{name: "a HEAD", respond: func() (*http.Response, error) {
			return http.Head(srv.URL + "/robots.txt")
		}, status: Unreachable, httpStatus: 200, lifetime: time.Hour, url: srv.URL + "/robots.txt", final: srv.URL + "/robots.txt", errorHas: "not a GET", checks: refusesAllButRobotsTxt},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := OutcomeOf(tc.respond())
			if o.Status != tc.status || o.HTTPStatus != tc.httpStatus || o.Lifetime != tc.lifetime {
				t.Fatalf("OutcomeOf = %s, want %s %d lifetime %v", describeOutcome(o), tc.status, tc.httpStatus, tc.lifetime)
			}
			if o.URL != tc.url || o.FinalURL != tc.final || o.Redirects != tc.redirects {
				t.Errorf("URL, FinalURL, Redirects = %q, %q, %d, want %q, %q, %d", o.URL, o.FinalURL, o.Redirects, tc.url, tc.final, tc.redirects)
			}
			if tc.errorHas == "" && o.Error != "" || !strings.Contains(o.Error, tc.errorHas) || tc.errorHas != "" && !strings.HasPrefix(o.Error, "robots: ") {
				t.Errorf("Error = %q, want one that says %q", o.Error, tc.errorHas)
			}
			if tc.errIs != nil && !errors.Is(o.Err, tc.errIs) {
				t.Errorf("Err = %v, want it to be %v to errors.Is", o.Err, tc.errIs)
			}
			if (o.Robots != nil) != (tc.status == Parsed) || o.Truncated != tc.truncated {
				t.Errorf("Robots = %v, Truncated = %v, want %v", o.Robots != nil, o.Truncated, tc.truncated)
			}
			if o.FetchedAt.IsZero() {
				t.Error("FetchedAt is zero")
			}
			if strings.Contains(o.URL+o.FinalURL+o.Error, "secret") || strings.Contains(o.Error, "user:") {
				t.Errorf("credentials kept: URL %q, FinalURL %q, Error %q", o.URL, o.FinalURL, o.Error)
			}
			checkOutcome(t, o, "https://a.example", tc.checks)
		})
	}
}

// redirectChainServer serves /robots.txt through n redirects, cycling through the
// five redirect statuses, then fetchRobots. It records every request's
// User-Agent.
type redirectChainServer struct {
	n      int
	mu     sync.Mutex
	agents []string
}

var redirectStatuses = []int{301, 302, 303, 307, 308}

func (c *redirectChainServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c.mu.Lock()
	c.agents = append(c.agents, r.UserAgent())
	c.mu.Unlock()
	hop := 0
	if r.URL.Path != "/robots.txt" {
		hop, _ = strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/hop/"))
	}
	if hop < c.n {
		w.Header().Set("Location", fmt.Sprintf("/hop/%d", hop+1))
		w.WriteHeader(redirectStatuses[hop%len(redirectStatuses)])
		return
	}
	io.WriteString(w, fetchRobots)
}

func TestFetchRedirectChain(t *testing.T) {
	tests := []struct {
		hops, maxRedirects int
		status             Status
		httpStatus         int
		redirects          int
	}{
		{0, 0, Parsed, 200, 0},
		{1, 0, Parsed, 200, 1},
		{2, 0, Parsed, 200, 2},
		{3, 0, Parsed, 200, 3},
		{4, 0, Parsed, 200, 4},
		{5, 0, Parsed, 200, 5},
		{6, 0, Unavailable, 301, 5},  // the sixth redirect (hop 5) is a 301
		{7, 0, Unavailable, 301, 5},  // stops at the same place
		{11, 12, Parsed, 200, 11},    // not the client's default limit of 10
		{3, 2, Unavailable, 303, 2},  // MaxRedirects is honoured
		{1, -1, Unavailable, 301, 0}, // a negative MaxRedirects follows none
		{2, 1, Unavailable, 302, 1},  // "more than 1 redirect", singular
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%d hops, MaxRedirects %d", tc.hops, tc.maxRedirects), func(t *testing.T) {
			chain := &redirectChainServer{n: tc.hops}
			srv := startServer(t, chain.ServeHTTP)
			f := newTestFetcher()
			f.MaxRedirects = tc.maxRedirects
			o := f.Fetch(context.Background(), srv.URL+"/page")
			if o.Status != tc.status || o.HTTPStatus != tc.httpStatus || o.Redirects != tc.redirects {
				t.Fatalf("Fetch = %s, want %s %d after %d redirects", describeOutcome(o), tc.status, tc.httpStatus, tc.redirects)
			}
			if tc.status == Parsed {
				checkOutcome(t, o, srv.URL, rulesOfFetchRobots)
				if want := fmt.Sprintf("%s/hop/%d", srv.URL, tc.hops); tc.hops > 0 && o.FinalURL != want {
					t.Errorf("FinalURL = %q, want %q", o.FinalURL, want)
				}
			} else {
				checkOutcome(t, o, srv.URL, allowsEverything)
				why := fmt.Sprintf("more than %d redirects", tc.redirects)
				if tc.redirects == 1 {
					why = "more than 1 redirect"
				}
				if !strings.Contains(o.Error, why+" ") && !strings.HasSuffix(o.Error, why) {
					t.Errorf("Error = %q, want it to say %q", o.Error, why)
				}
			}
			if len(chain.agents) != o.Redirects+1 {
				t.Errorf("server saw %d requests, want %d", len(chain.agents), o.Redirects+1)
			}
			for i, ua := range chain.agents {
				if ua != fetchAgent {
					t.Errorf("request %d User-Agent = %q, want %q", i, ua, fetchAgent)
				}
			}
		})
	}
}

func TestFetchRedirectLocations(t *testing.T) {
	// other is a second origin with rules of its own: when a redirect leads
	// there, its file governs the first origin's URLs.
	var otherAgents atomic.Value
	other := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		otherAgents.Store(r.UserAgent() + "|" + r.Header.Get("Authorization"))
		if r.URL.Path == "/dir/step" { // a second hop, relative to this one
			w.Header().Set("Location", "next.txt")
			w.WriteHeader(http.StatusFound)
			return
		}
		io.WriteString(w, "User-agent: *\nDisallow: /other/\n")
	})
	otherRules := []pathCheck{{"/other/a", false}, {"/private/a", true}, {"/robots.txt", true}}
	otherHostPort := strings.TrimPrefix(other.URL, "http://")
	tests := []struct {
		name       string
		location   string
		status     Status
		httpStatus int
		checks     []pathCheck
		finalURL   string // "" for no check; "<self>" is replaced by the first server's URL
	}{
		{"relative path", "real-robots.txt", Parsed, 200, rulesOfFetchRobots, "<self>/real-robots.txt"},
		{"dot segments", "./a/../real-robots.txt", Parsed, 200, rulesOfFetchRobots, "<self>/real-robots.txt"},
		// Read as a browser reads a Location (see TestLinks).
		{"dot segments written as escapes", "/a/%2e%2E/real-robots.txt", Parsed, 200, rulesOfFetchRobots, "<self>/real-robots.txt"},
		{"an empty segment after a double dot", "..//real-robots.txt", Parsed, 200, rulesOfFetchRobots, "<self>//real-robots.txt"},
		{"escapes kept beside octets net/url escapes", "/\u00e9%2F|.txt", Parsed, 200, rulesOfFetchRobots, "<self>/%C3%A9%2F%7C.txt"},
		{"a query escaped as a browser escapes it", "/real-robots.txt?x=\u00e9\"<>'", Parsed, 200, rulesOfFetchRobots, "<self>/real-robots.txt?x=%C3%A9%22%3C%3E%27"},
		{"whitespace around, a backslash, a fragment not read", " \\files\\robots.txt#50% ", Parsed, 200, rulesOfFetchRobots, "<self>/files/robots.txt"},
		{"absolute path", "/files/robots.txt", Parsed, 200, rulesOfFetchRobots, "<self>/files/robots.txt"},
		// RFC 3986 §5.2.2, not strict, as browsers read them (see TestLinks).
		{"the request's scheme, no slashes, a path from the root", "http:/files/robots.txt", Parsed, 200, rulesOfFetchRobots, "<self>/files/robots.txt"},
		{"the request's scheme, no slashes, a relative path", "HTTP:real-robots.txt", Parsed, 200, rulesOfFetchRobots, "<self>/real-robots.txt"},
		{"another scheme, no slashes", "https:/files/robots.txt", Unavailable, 302, allowsEverything, "<self>/robots.txt"},
		{"protocol-relative", "//" + otherHostPort + "/robots.txt", Parsed, 200, otherRules, other.URL + "/robots.txt"},
		{"cross-host", other.URL + "/robots.txt", Parsed, 200, otherRules, other.URL + "/robots.txt"},
		{"cross-host, then relative to it", other.URL + "/dir/step", Parsed, 200, otherRules, other.URL + "/dir/next.txt"},
		{"cross-host with credentials", "http://user:pw@" + otherHostPort + "/robots.txt", Parsed, 200, otherRules, other.URL + "/robots.txt"},
		{"fragment dropped", "/files/robots.txt#top", Parsed, 200, rulesOfFetchRobots, "<self>/files/robots.txt"},
		{"to ftp", "ftp://" + otherHostPort + "/robots.txt", Unavailable, 302, allowsEverything, ""},
		{"to mailto", "mailto:webmaster@example.com", Unavailable, 302, allowsEverything, ""},
		// http.Client fails a Location that does not parse as an error; it
		// is a 3xx not followed all the same (SPEC §2's table), as one
		// to ftp or without a host.
		{"unparseable", "http://[::1", Unavailable, 302, allowsEverything, ""},
		{"unparseable escape", "%zz", Unavailable, 302, allowsEverything, ""},
		{"unparseable host", "http://a b/", Unavailable, 302, allowsEverything, ""},
		{"unparseable, with credentials", "http://user:secret@[::1", Unavailable, 302, allowsEverything, ""},
		// The backslash is a slash once cleaned, which would hide the
		// userinfo from the scrubbing of the error that quotes it.
		{"unparseable, with credentials and a backslash", "http://user:x\\secret@[::1", Unavailable, 302, allowsEverything, ""},
		// Octets that end a URL in the text of an error, in a password
		// never escaped: the Location does not parse, and is quoted.
		{"unparseable, with '<' in the password", "http://user:x<secret@example.com/r", Unavailable, 302, allowsEverything, ""},
		{"unparseable, with a quote in the password", "http://user:x\"secret@example.com/r", Unavailable, 302, allowsEverything, ""},
		{"unparseable, with a backquote in the password", "http://user:x`secret@example.com/r", Unavailable, 302, allowsEverything, ""},
		{"unparseable, with a '/' in the password", "http://user:x/secret@[::1/r", Unavailable, 302, allowsEverything, ""},
		{"unparseable, a tab between the slashes", "/\t/user:secret@[::1", Unavailable, 302, allowsEverything, ""},
		// Userinfo to a browser, a path to net/url: not followed, and not
		// quoted either.
		{"three slashes after the scheme, with credentials", "http:///user:secret@example.com/", Unavailable, 302, allowsEverything, ""},
		{"three slashes, with credentials", "///user:secret@example.com/", Unavailable, 302, allowsEverything, ""},
		{"no host", "http:///robots.txt", Unavailable, 302, allowsEverything, ""},
		{"empty authority", "//", Unavailable, 302, allowsEverything, "<self>/robots.txt"},
		{"empty authority and a path", "///robots.txt", Unavailable, 302, allowsEverything, "<self>/robots.txt"},
		{"empty authority with whitespace around", " // ", Unavailable, 302, allowsEverything, "<self>/robots.txt"},
		// URLs with no origin, as RobotsURL has it: not followed (they were,
		// and failed to dial: Unreachable, everything refused).
		{"port past 65535", "http://127.0.0.1:99999/robots.txt", Unavailable, 302, allowsEverything, ""},
		{"IPv6 port past 65535", "http://[::1]:70000/robots.txt", Unavailable, 302, allowsEverything, ""},
		{"host label too long for DNS", "http://" + strings.Repeat("ü", 70) + ".test/robots.txt", Unavailable, 302, allowsEverything, ""},
		// Past 8,000 octets, not followed (see TestFetchRedirectURLLength).
		{"longer than 8,000 octets once escaped", "/" + strings.Repeat("\xff", 3000), Unavailable, 302, allowsEverything, "<self>/robots.txt"},
		{"long and unparseable", "%zz" + strings.Repeat("\xff", 100000), Unavailable, 302, allowsEverything, "<self>/robots.txt"},
		{"a long fragment, dropped", "/real-robots.txt#" + strings.Repeat("a", 9000), Parsed, 200, rulesOfFetchRobots, "<self>/real-robots.txt"},
		{"long and to ftp", "ftp://" + otherHostPort + "/" + strings.Repeat("\xff", 7000), Unavailable, 302, allowsEverything, "<self>/robots.txt"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			otherAgents.Store("")
			srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/robots.txt" {
					w.Header()["Location"] = []string{tc.location}
					w.Header().Set("Cache-Control", "max-age=600")
					w.WriteHeader(302)
					return
				}
				io.WriteString(w, fetchRobots)
			})
			f := newTestFetcher()
			f.Client = noDNSClient() // a Location naming a host is never looked up
			o := f.Fetch(context.Background(), srv.URL+"/private/page")
			if o.Status != tc.status || o.HTTPStatus != tc.httpStatus {
				t.Fatalf("Fetch = %s, want %s %d", describeOutcome(o), tc.status, tc.httpStatus)
			}
			checkOutcome(t, o, srv.URL, tc.checks)
			// A 3xx not followed is kept as a 2xx would be: for the
			// redirect's own max-age. One followed is kept for the final
			// response's, which gives none.
			if want := map[Status]time.Duration{Unavailable: 10 * time.Minute, Parsed: 24 * time.Hour}[tc.status]; o.Lifetime != want {
				t.Errorf("Lifetime = %v, want %v", o.Lifetime, want)
			}
			if strings.HasPrefix(tc.name, "unparseable") && !strings.Contains(o.Error, "Location that does not parse") {
				t.Errorf("Error = %q, want it to say the Location does not parse", o.Error)
			}
			// Outcomes are shared: no credentials, quoted or not.
			if strings.Contains(o.Error+o.FinalURL, "secret") {
				t.Errorf("Error %q, FinalURL %q: credentials kept", o.Error, o.FinalURL)
			}
			// The error quotes the Location, cut: a Location quoted whole
			// (%q writes an octet as four) made it 400 KB.
			if len(o.Error) > maxErrorBytes {
				t.Errorf("Error holds %d octets, want at most %d", len(o.Error), maxErrorBytes)
			}
			if want := strings.ReplaceAll(tc.finalURL, "<self>", srv.URL); want != "" && o.FinalURL != want {
				t.Errorf("FinalURL = %q, want %q", o.FinalURL, want)
			}
			if seen := otherAgents.Load().(string); seen != "" && seen != fetchAgent+"|" {
				t.Errorf("second server saw User-Agent|Authorization %q, want %q", seen, fetchAgent+"|")
			}
		})
	}
}

// TestFetchRedirectURLLength checks where redirects stop being followed:
// at a URL of 8,000 octets (RFC 9110 §4.1 asks that much be supported);
// FinalURL and Error, which a cache keeps, would hold a longer one.
func TestFetchRedirectURLLength(t *testing.T) {
	for _, tc := range []struct {
		length int // of the URL redirected to
		status Status
	}{
		{8000, Parsed},
		{8001, Unavailable},
	} {
		t.Run(strconv.Itoa(tc.length), func(t *testing.T) {
			var target string
			srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/robots.txt" {
					http.Redirect(w, r, target, http.StatusFound)
					return
				}
				io.WriteString(w, fetchRobots)
			})
			target = srv.URL + "/" + strings.Repeat("a", tc.length-len(srv.URL)-1)
			o := newTestFetcher().Fetch(context.Background(), srv.URL)
			if o.Status != tc.status {
				t.Fatalf("Fetch = %s, want %s", describeOutcome(o), tc.status)
			}
			want := target
			if tc.status != Parsed {
				want = srv.URL + "/robots.txt"
			}
			if o.FinalURL != want {
				t.Errorf("FinalURL holds %d octets, want %d", len(o.FinalURL), len(want))
			}
		})
	}
}

// TestFetchRedirectWithError covers a RoundTripper that breaks its
// contract, returning a response and an error together: net/http reports
// the error, and so does Fetch (Unreachable), even for a redirect whose
// Location does not parse, and the outcome keeps the status it read (SPEC
// §2: "0 (or the status already read)").
func TestFetchRedirectWithError(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status int
		header http.Header
	}{
		{"a redirect", 301, http.Header{"Location": {"http://[::1"}}},
		{"a server error", 503, http.Header{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			client := &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
				return &http.Response{StatusCode: tc.status, Header: tc.header, Body: http.NoBody, Request: r},
					errors.New("connection reset")
			})}
			f := &Fetcher{Client: client, UserAgent: fetchAgent}
			if o := f.Fetch(context.Background(), "http://example.com/page"); o.Status != Unreachable || o.HTTPStatus != tc.status {
				t.Errorf("Fetch = %s, want unreachable with HTTP status %d", describeOutcome(o), tc.status)
			}
		})
	}
}

// TestFetchRedirectLoop: a redirect to a URL the chain requested already is
// a loop, which SPEC §2's table lists among the 3xx not followed: without a
// cookie jar Fetch stops there, Unavailable with the redirect's status and
// lifetime, having sent each URL once; with one (see
// TestFetchSelfRedirectSetsCookie for why) it goes round until MaxRedirects,
// and says "(a loop)" either way.
func TestFetchRedirectLoop(t *testing.T) {
	tests := []struct {
		name      string
		next      map[string]string
		jar       bool
		redirects int    // followed before the outcome
		final     string // the last URL requested
	}{
		{"self", map[string]string{"/robots.txt": "/robots.txt"}, false, 0, "/robots.txt"},
		{"two steps", map[string]string{"/robots.txt": "/a", "/a": "/robots.txt"}, false, 1, "/a"},
		{"three steps, back to the second", map[string]string{"/robots.txt": "/a", "/a": "/b", "/b": "/a"}, false, 2, "/b"},
		{"self, with a jar", map[string]string{"/robots.txt": "/robots.txt"}, true, DefaultMaxRedirects, "/robots.txt"},
		{"two steps, with a jar", map[string]string{"/robots.txt": "/a", "/a": "/robots.txt"}, true, DefaultMaxRedirects, "/a"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var requests atomic.Int32
			srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
				requests.Add(1)
				w.Header().Set("Cache-Control", "max-age=60")
				http.Redirect(w, r, tc.next[r.URL.Path], http.StatusFound)
			})
			f := newTestFetcher()
			if tc.jar {
				jar, _ := cookiejar.New(nil)
				f.Client = &http.Client{Jar: jar}
			}
			o := f.Fetch(context.Background(), srv.URL)
			if o.Status != Unavailable || o.HTTPStatus != 302 || o.Redirects != tc.redirects || o.FinalURL != srv.URL+tc.final {
				t.Fatalf("Fetch = %s, want unavailable 302 after %d redirects, final %s", describeOutcome(o), tc.redirects, srv.URL+tc.final)
			}
			if !strings.Contains(o.Error, "(a loop)") {
				t.Errorf("Error = %q, want it to name the loop", o.Error)
			}
			if o.Lifetime != time.Minute {
				t.Errorf("Lifetime = %v, want the last 3xx's max-age, 1m0s", o.Lifetime)
			}
			if n, want := requests.Load(), int32(tc.redirects+1); n != want {
				t.Errorf("server saw %d requests, want %d", n, want)
			}
			checkOutcome(t, o, srv.URL, allowsEverything)
		})
	}
}

// TestFetchSlowRedirectLoop: a loop is found at its first repeated URL, so a
// server slow to answer each request does not run the chain out of time,
// which would make it Unreachable and refuse the whole origin (a black-box
// review's case: 300 ms an answer against a 1 s Timeout).
func TestFetchSlowRedirectLoop(t *testing.T) {
	srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(300 * time.Millisecond)
		http.Redirect(w, r, "/robots.txt", http.StatusMovedPermanently)
	})
	o := (&Fetcher{UserAgent: fetchAgent, Timeout: time.Second}).Fetch(context.Background(), srv.URL)
	if o.Status != Unavailable || o.HTTPStatus != 301 || o.Redirects != 0 {
		t.Fatalf("Fetch = %s, want unavailable 301 after 0 redirects", describeOutcome(o))
	}
	checkOutcome(t, o, srv.URL, allowsEverything)
}

func TestFetchCheckRedirect(t *testing.T) {
	chainOf3 := &redirectChainServer{n: 3}
	srv := startServer(t, chainOf3.ServeHTTP)
	t.Run("refused", func(t *testing.T) {
		for _, refusal := range []error{errors.New("policy says no"), fmt.Errorf("private address: %w", errors.ErrUnsupported)} {
			client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return refusal }}
			f := &Fetcher{Client: client, UserAgent: fetchAgent}
			o := f.Fetch(context.Background(), srv.URL)
			if o.Status != Unreachable || o.HTTPStatus != 301 || o.Redirects != 0 || o.Lifetime != time.Hour {
				t.Errorf("Fetch with CheckRedirect returning %v = %s, want unreachable 301 after 0 redirects, kept 1h", refusal, describeOutcome(o))
			}
			if !strings.Contains(o.Error, "refused") || !strings.Contains(o.Error, refusal.Error()) {
				t.Errorf("Error = %q, want it to say the hop was refused and why", o.Error)
			}
			if !errors.Is(o.Err, refusal) {
				t.Errorf("Err = %v, want it to be the refusal, %v, to errors.Is", o.Err, refusal)
			}
			checkOutcome(t, o, srv.URL, refusesAllButRobotsTxt)
		}
	})
	t.Run("ErrUseLastResponse is a refusal", func(t *testing.T) {
		// SPEC §2: the caller's CheckRedirect is wrapped, never replaced,
		// and a hop it refuses makes the outcome Unreachable. Returning
		// ErrUseLastResponse asks that the hop not be sent.
		client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		f := &Fetcher{Client: client, UserAgent: fetchAgent}
		o := f.Fetch(context.Background(), srv.URL)
		if o.Status != Unreachable || o.HTTPStatus != 301 || o.Redirects != 0 || !strings.Contains(o.Error, "refused") {
			t.Errorf("Fetch with CheckRedirect returning ErrUseLastResponse = %s, want unreachable 301 after 0 redirects, refused", describeOutcome(o))
		}
		checkOutcome(t, o, srv.URL, refusesAllButRobotsTxt)
	})
	t.Run("consulted on every hop", func(t *testing.T) {
		var vias []string
		client := &http.Client{CheckRedirect: func(req *http.Request, via []*http.Request) error {
			vias = append(vias, fmt.Sprintf("%d:%d:%s", len(via), req.Response.StatusCode, req.URL.Path))
			req.Header.Set("X-Checked", "yes")
			return nil
		}}
		seen := &redirectChainServer{n: 3}
		var checked atomic.Int32
		srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
			if r.Header.Get("X-Checked") == "yes" {
				checked.Add(1)
			}
			seen.ServeHTTP(w, r)
		})
		f := &Fetcher{Client: client, UserAgent: fetchAgent}
		o := f.Fetch(context.Background(), srv.URL)
		if o.Status != Parsed || o.Redirects != 3 {
			t.Fatalf("Fetch = %s, want parsed after 3 redirects", describeOutcome(o))
		}
		want := "1:301:/hop/1 2:302:/hop/2 3:303:/hop/3"
		if got := strings.Join(vias, " "); got != want {
			t.Errorf("CheckRedirect saw %q, want %q", got, want)
		}
		if checked.Load() != 3 {
			t.Errorf("%d requests carried the header CheckRedirect set, want 3", checked.Load())
		}
	})
}

func TestFetchUsesClient(t *testing.T) {
	// The first hop sets a cookie and redirects; the second answers only
	// when the cookie comes back, which takes the caller's Jar.
	srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			http.SetCookie(w, &http.Cookie{Name: "session", Value: "v1", Path: "/"})
			http.Redirect(w, r, "/gated", http.StatusFound)
		case "/gated":
			if c, err := r.Cookie("session"); err != nil || c.Value != "v1" {
				http.Error(w, "no cookie", http.StatusForbidden)
				return
			}
			io.WriteString(w, fetchRobots)
		}
	})
	jar, _ := cookiejar.New(nil)
	var roundTrips atomic.Int32
	client := &http.Client{
		Jar: jar,
		Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
			roundTrips.Add(1)
			return http.DefaultTransport.RoundTrip(r)
		}),
	}
	o := (&Fetcher{Client: client, UserAgent: fetchAgent}).Fetch(context.Background(), srv.URL)
	if o.Status != Parsed || o.Redirects != 1 {
		t.Fatalf("Fetch with a Jar = %s, want parsed after 1 redirect", describeOutcome(o))
	}
	if n := roundTrips.Load(); n != 2 {
		t.Errorf("the client's Transport made %d round trips, want 2", n)
	}
	o = newTestFetcher().Fetch(context.Background(), srv.URL)
	if o.Status != Unavailable || o.HTTPStatus != 403 {
		t.Errorf("Fetch without a Jar = %s, want unavailable 403", describeOutcome(o))
	}
}

// TestFetchSelfRedirectSetsCookie checks the reason Fetch follows a
// Location the chain requested already when its Client has a cookie jar: a
// server that redirects /robots.txt to itself to set a cookie serves the file
// to a Client with a jar on the second request; without one, the second
// request would be the first again, and Fetch stops at the loop.
func TestFetchSelfRedirectSetsCookie(t *testing.T) {
	srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		if c, err := r.Cookie("seen"); err == nil && c.Value == "1" {
			io.WriteString(w, fetchRobots)
			return
		}
		http.SetCookie(w, &http.Cookie{Name: "seen", Value: "1", Path: "/"})
		http.Redirect(w, r, "/robots.txt", http.StatusFound)
	})
	jar, _ := cookiejar.New(nil)
	o := (&Fetcher{Client: &http.Client{Jar: jar}, UserAgent: fetchAgent}).Fetch(context.Background(), srv.URL)
	if o.Status != Parsed || o.Redirects != 1 {
		t.Errorf("Fetch with a Jar = %s, want parsed after 1 redirect", describeOutcome(o))
	}
	o = newTestFetcher().Fetch(context.Background(), srv.URL)
	if o.Status != Unavailable || o.Redirects != 0 || !strings.Contains(o.Error, "(a loop)") {
		t.Errorf("Fetch without a Jar = %s, want unavailable after 0 redirects, an error saying (a loop)", describeOutcome(o))
	}
}

// TestFetchLeavesOtherBodiesUnread checks that a body which is not the file
// is closed unread, so that one which never ends costs nothing: the raw
// connection of a 101, which neither the request's ctx nor a Timeout
// closes, and a redirect's body, which would otherwise take the time left
// for the hop it leads to. Reading such bodies to reuse their connections
// was tried (827441b) and reverted for these, and because a body longer
// than its Content-Length then spills into the next request on the
// connection.
func TestFetchLeavesOtherBodiesUnread(t *testing.T) {
	stop := make(chan struct{})
	t.Cleanup(func() { close(stop) })
	tests := []struct {
		name   string
		serve  http.HandlerFunc
		status Status
		code   int
	}{
		{"a 101 whose connection stays open", rawResponse("HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: robots\r\n\r\n",
			func(net.Conn) { <-stop }), Unreachable, 101},
		{"a redirect whose body stalls", func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/robots.txt" {
				w.Header().Set("Location", "/real.txt")
				w.WriteHeader(http.StatusMovedPermanently)
				io.WriteString(w, "moved")
				w.(http.Flusher).Flush()
				<-r.Context().Done()
				return
			}
			io.WriteString(w, fetchRobots)
		}, Parsed, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := startServer(t, tt.serve)
			got := make(chan *Outcome, 1)
			go func() { got <- newTestFetcher().Fetch(context.Background(), srv.URL) }()
			select {
			case o := <-got:
				if o.Status != tt.status || o.HTTPStatus != tt.code {
					t.Errorf("Fetch = %s, want %s %d", describeOutcome(o), tt.status, tt.code)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("Fetch has not returned 20 s after it began, with a Timeout of 5 s")
			}
		})
	}
}

// TestFetchPassesClientPanics holds Fetch's doc: a panic raised by the
// caller's own Client is the caller's, and reaches it unchanged, rather
// than being read as an outcome that would hide the bug.
func TestFetchPassesClientPanics(t *testing.T) {
	type boom struct{ where string }
	tests := []struct {
		name   string
		client func() *http.Client
	}{
		{"Transport", func() *http.Client {
			return &http.Client{Transport: roundTripFunc(func(*http.Request) (*http.Response, error) {
				panic(boom{"Transport"})
			})}
		}},
		{"CheckRedirect", func() *http.Client {
			return &http.Client{
				Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
					return &http.Response{StatusCode: 301, Header: http.Header{"Location": {"/elsewhere"}},
						Body: http.NoBody, Request: r}, nil
				}),
				CheckRedirect: func(*http.Request, []*http.Request) error { panic(boom{"CheckRedirect"}) },
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if got := recover(); got != (boom{tt.name}) {
					t.Errorf("Fetch's panic = %v, want the Client's own %v", got, boom{tt.name})
				}
			}()
			f := Fetcher{UserAgent: "ExampleBot/1.0", Client: tt.client()}
			o := f.Fetch(context.Background(), "http://example.com/")
			t.Errorf("Fetch returned %+v, want the Client's panic", o)
		})
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// TestBodyShorterThanContentLength holds bodies that end early to the
// doc's "never parsed" where nothing but the Content-Length says they did:
// a Transport of the caller's, or a Response built for OutcomeOf, may hand
// over a body that just ends, where net/http's own say io.ErrUnexpectedEOF.
func TestBodyShorterThanContentLength(t *testing.T) {
	gz := compressed("gzip", fetchRobots)
	tests := []struct {
		name      string
		coding    string // Content-Encoding; "" for none
		body      []byte
		length    int64 // Content-Length
		maxBytes  int   // the Fetcher's MaxBytes; 0 for its default
		status    Status
		truncated bool
		checks    []pathCheck
	}{
		{name: "a plain body one octet short", body: []byte(fetchRobots), length: int64(len(fetchRobots)) + 1,
			status: Unreachable, checks: refusesAllButRobotsTxt},
		{name: "a plain body of its length", body: []byte(fetchRobots), length: int64(len(fetchRobots)),
			status: Parsed, checks: rulesOfFetchRobots},
		{name: "a gzip body one octet short", coding: "gzip", body: gz, length: int64(len(gz)) + 1,
			status: Unreachable, checks: refusesAllButRobotsTxt},
		{name: "a gzip body of its length", coding: "gzip", body: gz, length: int64(len(gz)),
			status: Parsed, checks: rulesOfFetchRobots},
		// Cut after MaxBytes: read as one that went on, as the doc says.
		{name: "a body short of its length past MaxBytes", body: []byte(fetchRobots + "# more\n"), length: 1000, maxBytes: len(fetchRobots),
			status: Parsed, truncated: true, checks: rulesOfFetchRobots},
	}
	respond := func(r *http.Request, body []byte, coding string, length int64) *http.Response {
		h := http.Header{"Content-Length": {strconv.FormatInt(length, 10)}}
		if coding != "" {
			h.Set("Content-Encoding", coding)
		}
		return &http.Response{StatusCode: 200, Header: h, ContentLength: length, Body: io.NopCloser(bytes.NewReader(body)), Request: r}
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newTestFetcher()
			f.MaxBytes = tc.maxBytes
			f.Client = &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
				return respond(r, tc.body, tc.coding, tc.length), nil
			})}
			fetched := f.Fetch(context.Background(), "https://a.example/")
			outcomes := []*Outcome{fetched}
			if tc.maxBytes == 0 { // OutcomeOf reads up to DefaultMaxBytes
				req, _ := http.NewRequest(http.MethodGet, "https://a.example/robots.txt", nil)
				outcomes = append(outcomes, OutcomeOf(respond(req, tc.body, tc.coding, tc.length), nil))
			}
			for i, o := range outcomes {
				if o.Status != tc.status || o.HTTPStatus != 200 || o.Truncated != tc.truncated {
					t.Errorf("outcome %d = %s, truncated %v; want %s 200, truncated %v", i, describeOutcome(o), o.Truncated, tc.status, tc.truncated)
				}
				if tc.status == Unreachable && !strings.Contains(o.Error, "unexpected EOF") {
					t.Errorf("outcome %d: Error = %q, want one that says the body ended early", i, o.Error)
				}
				checkOutcome(t, o, "https://a.example", tc.checks)
			}
		})
	}
}

func TestFetchNeverSendsCredentials(t *testing.T) {
	type seen struct{ auth, path, query, agent string }
	var mu sync.Mutex
	var requests []seen
	record := func(r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		requests = append(requests, seen{r.Header.Get("Authorization"), r.URL.Path, r.URL.RawQuery, r.UserAgent()})
	}
	other := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		record(r)
		io.WriteString(w, fetchRobots)
	})
	srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		record(r)
		http.Redirect(w, r, other.URL+"/robots.txt", http.StatusMovedPermanently)
	})
	page := strings.Replace(srv.URL, "http://", "http://alice:s3cret@", 1) + "/account?token=abc#frag"
	o := newTestFetcher().Fetch(context.Background(), page)
	if o.Status != Parsed {
		t.Fatalf("Fetch = %s, want parsed", describeOutcome(o))
	}
	if strings.Contains(o.URL, "alice") || strings.Contains(o.FinalURL, "s3cret") {
		t.Errorf("URL, FinalURL = %q, %q: credentials kept", o.URL, o.FinalURL)
	}
	if len(requests) != 2 {
		t.Fatalf("servers saw %d requests, want 2", len(requests))
	}
	for i, r := range requests {
		if r != (seen{"", "/robots.txt", "", fetchAgent}) {
			t.Errorf("request %d = %+v, want no Authorization, path /robots.txt, no query, our User-Agent", i, r)
		}
	}
}

// TestFetchHugeHeaders covers response headers past the default client's
// 1 MiB: the response is refused (Unreachable), so that a redirect chain
// cannot make Fetch hold 10 MiB a hop, net/http's own default.
func TestFetchHugeHeaders(t *testing.T) {
	for _, tc := range []struct {
		size int
		want Status
	}{{900 << 10, Parsed}, {1100 << 10, Unreachable}} {
		srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("X-Padding", strings.Repeat("a", tc.size))
			io.WriteString(w, fetchRobots)
		})
		if o := newTestFetcher().Fetch(context.Background(), srv.URL); o.Status != tc.want {
			t.Errorf("%d octets of headers: Fetch = %s, want %s", tc.size, describeOutcome(o), tc.want)
		}
	}
}

// TestFetchContentLengthClaims covers a Content-Length far larger than
// the body sent, with MaxBytes as large as a caller may set it: the claim
// alone must not make Fetch set memory aside (SPEC §4: no unbounded
// memory), nor panic (SPEC §2) as bytes.Buffer.Grow does for more than
// it can hold. The body is cut short, so the outcome is Unreachable.
func TestFetchContentLengthClaims(t *testing.T) {
	for _, tc := range []struct {
		name          string
		contentLength string
		maxBytes      int
	}{
		{"the largest int64, MaxBytes math.MaxInt", "9223372036854775807", math.MaxInt},
		{"1 TiB, MaxBytes 2 TiB or the largest int", "1099511627776", min(1<<41, math.MaxInt)},
		{"1 GiB, MaxBytes 1 GiB", "1073741824", 1 << 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(rawResponse("HTTP/1.1 200 OK\r\nContent-Length: "+tc.contentLength+
				"\r\n\r\nUser-agent: *\nDisallow: /a\n", nil))
			t.Cleanup(srv.Close)
			f := newTestFetcher()
			f.MaxBytes = tc.maxBytes
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			o := f.Fetch(context.Background(), srv.URL)
			runtime.ReadMemStats(&after)
			if o.Status != Unreachable || o.HTTPStatus != 200 {
				t.Errorf("Fetch = %s, want unreachable 200 (body cut short)", describeOutcome(o))
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
				t.Errorf("Fetch allocated %d octets for a %s-octet claim and a 27-octet body", alloc, tc.contentLength)
			}
		})
	}
}

// serveBadChecksum serves body gzipped, with a CRC-32 that does not match.
func serveBadChecksum(body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		z := compressed("gzip", body)
		z[len(z)-5] ^= 0xff
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(z)
	}
}

// TestFetchBody covers the body: limits, codings and bodies cut short.
func TestFetchBody(t *testing.T) {
	// threeLines is 47 bytes; its third line ends on byte 47.
	const threeLines = "User-agent: *\nDisallow: /a\nDisallow: /private/\n"
	bothRules := []pathCheck{{"/a", false}, {"/private/x", false}, {"/b", true}}
	firstRule := []pathCheck{{"/a", false}, {"/private/x", true}, {"/b", true}}
	// Bodies that break their framing, read within the limit and past it.
	cutShort := rawResponse("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n"+threeLines, nil)
	badChunking := rawResponse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2f\r\n"+threeLines+"\r\nzz\r\n", nil)
	tests := []struct {
		name       string
		maxBytes   int
		handler    http.HandlerFunc
		status     Status
		httpStatus int
		truncated  bool
		checks     []pathCheck
	}{
		{"within the limit", 47, respond(200, threeLines), Parsed, 200, false, bothRules},
		{"line end past the limit", 46, respond(200, threeLines), Parsed, 200, true, firstRule},
		{"limit mid-line", 40, respond(200, threeLines), Parsed, 200, true, firstRule},
		{"gzip", 0, serveEncoded("gzip", threeLines), Parsed, 200, false, bothRules},
		{"x-gzip", 0, serveEncoded("x-gzip", threeLines), Parsed, 200, false, bothRules},
		{"deflate (zlib)", 0, serveEncoded("deflate", threeLines), Parsed, 200, false, bothRules},
		{"deflate (rawResponse)", 0, serveEncoded("raw-deflate", threeLines), Parsed, 200, false, bothRules},
		{"deflate then gzip", 0, serveEncoded("deflate, gzip", threeLines), Parsed, 200, false, bothRules},
		{"identity", 0, serveEncoded("identity", threeLines), Parsed, 200, false, bothRules},
		{"gzip, limit on decoded bytes", 46, serveEncoded("gzip", threeLines), Parsed, 200, true, firstRule},
		{"gzip, empty body", 0, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Encoding", "gzip")
		}, Parsed, 200, false, allowsEverything},
		{"bad gzip", 0, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Encoding", "gzip")
			io.WriteString(w, threeLines)
		}, Unreachable, 200, false, refusesAllButRobotsTxt},
		{"bad deflate", 0, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Encoding", "deflate")
			io.WriteString(w, "\x78\x9c not deflate at all")
		}, Unreachable, 200, false, refusesAllButRobotsTxt},
		// The largest limits: the bound on what a decoder reads must not
		// overflow into a negative one.
		{"gzip, MaxBytes near the largest int", math.MaxInt / 6, serveEncoded("gzip", threeLines), Parsed, 200, false, bothRules},
		{"gzip, MaxBytes the largest int", math.MaxInt, serveEncoded("gzip", threeLines), Parsed, 200, false, bothRules},
		{"deflate asking for a preset dictionary", 0, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Encoding", "deflate")
			// A zlib header whose check bits hold, with FDICT set (RFC 1950
			// §2.2): HTTP names no dictionary, so nothing can decode it.
			io.WriteString(w, "\x78\x3f\xde\xad\xbe\xef"+threeLines)
		}, Unreachable, 200, false, refusesAllButRobotsTxt},
		{"truncated gzip", 0, func(w http.ResponseWriter, r *http.Request) {
			z := compressed("gzip", threeLines)
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(z[:len(z)-6])
		}, Unreachable, 200, false, refusesAllButRobotsTxt},
		{"corrupt gzip checksum", 0, serveBadChecksum(threeLines), Unreachable, 200, false, refusesAllButRobotsTxt},
		// Past the limit, Fetch has stopped reading: a checksum there is
		// never seen, as a cut there is not ("cut short past the limit").
		{"corrupt gzip checksum past the limit", 40, serveBadChecksum(threeLines), Parsed, 200, true, firstRule},
		{"coding names in any ASCII case", 0, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Encoding", "Identity, GZIP")
			w.Write(compressed("gzip", threeLines))
		}, Parsed, 200, false, bothRules},
		{"deflate named in upper case", 0, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Encoding", "DEFLATE")
			w.Write(compressed("deflate", threeLines))
		}, Parsed, 200, false, bothRules},
		// RFC 9110 §5.6.1: empty list elements are ignored.
		{"empty coding list elements", 0, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Encoding", ", gzip,,")
			w.Write(compressed("gzip", threeLines))
		}, Parsed, 200, false, bothRules},
		{"a coding name that only Unicode folds to gzip", 0, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Encoding", "GZ\u0130P") // İ lower-cases to i only by Unicode rules
			w.Write(compressed("gzip", threeLines))
		}, Unreachable, 200, false, refusesAllButRobotsTxt},
		{"unsupported coding", 0, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Encoding", "br")
			io.WriteString(w, threeLines)
		}, Unreachable, 200, false, refusesAllButRobotsTxt},
		{"too many codings", 0, serveEncoded("gzip, gzip, gzip, gzip, gzip", threeLines), Unreachable, 200, false, refusesAllButRobotsTxt},
		{"cut short by the server", 0, cutShort, Unreachable, 200, false, refusesAllButRobotsTxt},
		{"cut short past the limit", 40, cutShort, Parsed, 200, true, firstRule},
		// Cut right after the limit: all MaxBytes arrived, and only the
		// octet read to tell whether the file goes on is missing.
		{"cut short right after the limit", 47, cutShort, Parsed, 200, true, bothRules},
		{"cut short one octet before the limit", 48, cutShort, Unreachable, 200, false, refusesAllButRobotsTxt},
		{"bad chunking right after the limit", 47, badChunking, Parsed, 200, true, bothRules},
		{"truncated gzip right after the limit", 47, func(w http.ResponseWriter, r *http.Request) {
			z := compressed("gzip", threeLines)
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(z[:len(z)-6])
		}, Parsed, 200, true, bothRules},
		{"reset mid-body", 0, rawResponse("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n"+threeLines, resetConn), Unreachable, 200, false, refusesAllButRobotsTxt},
		{"bad chunking", 0, badChunking, Unreachable, 200, false, refusesAllButRobotsTxt},
		{"bad chunking past the limit", 40, badChunking, Parsed, 200, true, firstRule},
		{"chunked, no last chunk", 0, rawResponse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2f\r\n"+threeLines+"\r\n", nil), Unreachable, 200, false, refusesAllButRobotsTxt},
		{"chunked", 0, rawResponse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2f\r\n"+threeLines+"\r\n0\r\n\r\n", nil), Parsed, 200, false, bothRules},
		{"malformed response", 0, rawResponse("this is not HTTP\r\n\r\n", nil), Unreachable, 0, false, refusesAllButRobotsTxt},
		{"closed before responding", 0, rawResponse("", nil), Unreachable, 0, false, refusesAllButRobotsTxt},
		{"reset before responding", 0, rawResponse("", resetConn), Unreachable, 0, false, refusesAllButRobotsTxt},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := startServer(t, tc.handler)
			f := newTestFetcher()
			f.MaxBytes = tc.maxBytes
			o := f.Fetch(context.Background(), srv.URL)
			if o.Status != tc.status || o.HTTPStatus != tc.httpStatus || o.Truncated != tc.truncated {
				t.Fatalf("Fetch = %s truncated %v, want %s %d truncated %v", describeOutcome(o), o.Truncated, tc.status, tc.httpStatus, tc.truncated)
			}
			if tc.status == Unreachable && (o.Error == "" || !strings.HasPrefix(o.Error, "robots: ") || o.Lifetime <= 0 || o.Lifetime > time.Hour) {
				t.Errorf("Error, Lifetime = %q, %v, want a robots: error and a lifetime in (0, 1h]", o.Error, o.Lifetime)
			}
			checkOutcome(t, o, srv.URL, tc.checks)
		})
	}
}

// compressed applies the codings listed, in order; "raw-deflate" is deflate
// without its zlib wrapper.
func compressed(codings, s string) []byte {
	data := []byte(s)
	for c := range strings.SplitSeq(codings, ",") {
		var buf bytes.Buffer
		var w io.WriteCloser
		switch strings.TrimSpace(c) {
		case "gzip", "x-gzip":
			w = gzip.NewWriter(&buf)
		case "deflate":
			w = zlib.NewWriter(&buf)
		case "raw-deflate":
			w, _ = flate.NewWriter(&buf, flate.DefaultCompression)
		default:
			continue
		}
		w.Write(data)
		w.Close()
		data = buf.Bytes()
	}
	return data
}

// serveEncoded serves s with the codings listed.
func serveEncoded(codings, s string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Accept-Encoding") != "gzip, deflate" {
			http.Error(w, "the fetcher did not ask for gzip and deflate", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Encoding", strings.ReplaceAll(codings, "raw-deflate", "deflate"))
		w.Write(compressed(codings, s))
	}
}

func TestFetchDecodedByTransport(t *testing.T) {
	// A Transport that decodes by itself reports it with Uncompressed; the
	// body must not be decoded twice.
	client := &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		return &http.Response{
			StatusCode: 200, Request: r, Uncompressed: true,
			Header: http.Header{"Content-Encoding": {"gzip"}},
			Body:   io.NopCloser(strings.NewReader(fetchRobots)),
		}, nil
	})}
	o := (&Fetcher{Client: client, UserAgent: fetchAgent}).Fetch(context.Background(), "https://example.com/")
	if o.Status != Parsed {
		t.Fatalf("Fetch = %s, want parsed", describeOutcome(o))
	}
	checkOutcome(t, o, "https://example.com", rulesOfFetchRobots)
}

// TestFetcherDefaults checks what the zero Fetcher's fields stand for, as
// their docs give them: 500 KiB, 5 redirects, 10 seconds, a client of its
// own; a negative MaxRedirects follows none; a MaxBytes past what
// ParseLimit parses is that much, so that a body cut there is Truncated.
func TestFetcherDefaults(t *testing.T) {
	if DefaultMaxRedirects != 5 || DefaultTimeout != 10*time.Second {
		t.Errorf("DefaultMaxRedirects %d, DefaultTimeout %v; SPEC §2 gives 5 and 10s", DefaultMaxRedirects, DefaultTimeout)
	}
	c := (&Fetcher{}).config()
	if c.maxBytes != 512000 || c.maxRedirects != 5 || c.timeout != 10*time.Second || c.client == nil || c.client == http.DefaultClient {
		t.Errorf("the zero Fetcher: %d octets, %d redirects, %v, client %v; want 512000, 5, 10s and a client", c.maxBytes, c.maxRedirects, c.timeout, c.client)
	}
	if c := (&Fetcher{MaxBytes: -1, MaxRedirects: -1, Timeout: -time.Second}).config(); c.maxBytes != 512000 || c.maxRedirects != 0 || c.timeout != 10*time.Second {
		t.Errorf("negative fields: %d octets, %d redirects, %v; want 512000, 0 and 10s", c.maxBytes, c.maxRedirects, c.timeout)
	}
	for _, n := range []int{math.MaxInt32, math.MaxInt} {
		if c := (&Fetcher{MaxBytes: n}).config(); c.maxBytes != math.MaxInt32 {
			t.Errorf("MaxBytes %d: %d octets; want math.MaxInt32", n, c.maxBytes)
		}
	}
}

// TestOutcomeCrawlDelayUnparsed checks that only a Parsed outcome gives a
// Crawl-delay.
func TestOutcomeCrawlDelayUnparsed(t *testing.T) {
	rules := Parse([]byte("User-agent: *\nCrawl-delay: 5\n"))
	for _, o := range []*Outcome{nil, {}, {Status: Unreachable, Robots: rules}, {Status: Unavailable, Robots: rules}, {Status: Parsed}} {
		if d, ok := o.CrawlDelay(fetchAgent); ok || d != 0 {
			t.Errorf("CrawlDelay of %s = %v, %v; want 0, false", describeOutcome(o), d, ok)
		}
	}
}

func TestFetchDefaultLimit(t *testing.T) {
	var body strings.Builder
	body.WriteString("User-agent: *\nDisallow: /early/\n")
	for body.Len() < DefaultMaxBytes {
		body.WriteString("# padding to push the next rule past 500 KiB\n")
	}
	body.WriteString("Disallow: /late/\n")
	srv := startServer(t, respond(200, body.String()))
	o := newTestFetcher().Fetch(context.Background(), srv.URL)
	if o.Status != Parsed || !o.Truncated {
		t.Fatalf("Fetch = %s truncated %v, want parsed and truncated", describeOutcome(o), o.Truncated)
	}
	checkOutcome(t, o, srv.URL, []pathCheck{{"/early/a", false}, {"/late/a", true}})

	f := newTestFetcher()
	f.MaxBytes = 1 << 20
	o = f.Fetch(context.Background(), srv.URL)
	if o.Status != Parsed || o.Truncated {
		t.Fatalf("Fetch with MaxBytes 1 MiB = %s truncated %v, want parsed whole", describeOutcome(o), o.Truncated)
	}
	checkOutcome(t, o, srv.URL, []pathCheck{{"/early/a", false}, {"/late/a", false}})
}

// TestFetchGzipBomb serves a gzip stream that decodes to 10 GiB and checks
// that the Fetcher reads only what MaxBytes needs.
func TestFetchGzipBomb(t *testing.T) {
	head := compressed("gzip", fetchRobots)
	// A gzip stream may hold several members back to back; each of these
	// decodes to 1 MiB of comment lines.
	padding := compressed("gzip", strings.Repeat("#\n", 1<<19))
	srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(head)
		for range 10 << 10 {
			if _, err := w.Write(padding); err != nil {
				return
			}
		}
	})
	var read atomic.Int64
	client := countingClient(&read)
	o := (&Fetcher{Client: client, UserAgent: fetchAgent}).Fetch(context.Background(), srv.URL)
	if o.Status != Parsed || !o.Truncated {
		t.Fatalf("Fetch = %s truncated %v, want parsed and truncated", describeOutcome(o), o.Truncated)
	}
	checkOutcome(t, o, srv.URL, rulesOfFetchRobots)
	// 500 KiB of decoded text takes about 1 KiB of this stream; reading
	// ahead adds a few buffers. A whole 10 GiB would be 10 MiB and more.
	if n := read.Load(); n > 256<<10 {
		t.Errorf("read %d compressed bytes, want at most 256 KiB", n)
	}
	t.Logf("a 10 GiB gzip bomb cost %d compressed bytes read", read.Load())
}

// TestFetchEndlessEmptyBlocks serves a deflate body of empty blocks without
// end, which decodes to nothing: the Fetcher must give up after a bounded
// read (see layerBound), not read on until the Timeout.
func TestFetchEndlessEmptyBlocks(t *testing.T) {
	chunk := bytes.Repeat(emptyBlock, 1<<12)
	srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "deflate")
		for {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	})
	var read atomic.Int64
	client := countingClient(&read)
	o := (&Fetcher{Client: client, UserAgent: fetchAgent, Timeout: time.Minute}).Fetch(context.Background(), srv.URL)
	if o.Status != Unreachable || o.HTTPStatus != http.StatusOK || !strings.Contains(o.Error, errLayerTooLong.Error()) {
		t.Fatalf("Fetch = %s, want unreachable after a 200, error %q", describeOutcome(o), errLayerTooLong)
	}
	// A decoder's buffer may read ahead of the bound by a few KiB.
	if n, bound := read.Load(), layerBound(DefaultMaxBytes+1); n > bound+64<<10 {
		t.Errorf("read %d bytes of the body, want at most %d", n, bound+64<<10)
	}
}

// countingClient returns a client that adds to read the body octets it
// reads.
func countingClient(read *atomic.Int64) *http.Client {
	return &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		resp, err := http.DefaultTransport.RoundTrip(r)
		if err == nil {
			resp.Body = countingBody{resp.Body, read}
		}
		return resp, err
	})}
}

type countingBody struct {
	io.ReadCloser
	n *atomic.Int64
}

func (c countingBody) Read(p []byte) (int, error) {
	n, err := c.ReadCloser.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// TestClipError checks that clipError cuts at a character boundary: of two
// texts one octet apart, one has its cut fall inside a two-octet character.
// TestOutcomeErr: Err is Error as an error, unwrapping to what caused it,
// so that a crawler can tell failures apart with errors.Is and errors.As
// (network ones in TestFetchNetworkFailures, timeouts in TestFetchTimeout).
func TestOutcomeErr(t *testing.T) {
	const body = "User-agent: *\nDisallow: /private/\n"
	boom := errors.New("boom")
	nothing := func(err error) bool { return err == nil }
	causeless := func(err error) bool { return err != nil && errors.Unwrap(err) == nil }
	is := func(target error) func(error) bool {
		return func(err error) bool { return errors.Is(err, target) }
	}
	tests := []struct {
		name    string
		handler http.HandlerFunc
		status  Status
		want    func(error) bool
	}{
		{"parsed", respond(200, body), Parsed, nothing},
		{"4xx", respond(404, body), Unavailable, nothing},
		{"5xx", respond(503, body), Unreachable, nothing},
		{"no final status", rawResponse("HTTP/1.1 000 Zero\r\nContent-Length: 0\r\n\r\n", nil), Unreachable, causeless},
		{"redirect loop", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/robots.txt", http.StatusFound) }, Unavailable, causeless},
		{"bad gzip", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Encoding", "gzip")
			io.WriteString(w, body)
		}, Unreachable, is(gzip.ErrHeader)},
		{"corrupt gzip checksum", serveBadChecksum(body), Unreachable, is(gzip.ErrChecksum)},
		{"cut short", rawResponse("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n"+body, nil), Unreachable, is(io.ErrUnexpectedEOF)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := startServer(t, tc.handler)
			o := newTestFetcher().Fetch(context.Background(), srv.URL)
			if o.Status != tc.status {
				t.Fatalf("Fetch = %s, want %s", describeOutcome(o), tc.status)
			}
			checkErr(t, o)
			if !tc.want(o.Err) {
				t.Errorf("Err = %#v, unwrapping to %v: not what caused the outcome", o.Err, errors.Unwrap(o.Err))
			}
			// JSON keeps the text, not the cause.
			back := jsonRoundTrip(t, o, Outcome{})
			checkErr(t, &back)
			if cause := errors.Unwrap(back.Err); cause != nil {
				t.Errorf("Err read from JSON unwraps to %v, want nothing", cause)
			}
		})
	}
	t.Run("OutcomeOf", func(t *testing.T) {
		o := OutcomeOf(nil, boom)
		checkErr(t, o)
		if !errors.Is(o.Err, boom) {
			t.Errorf("OutcomeOf(nil, boom).Err = %v, want boom to errors.Is", o.Err)
		}
	})
	t.Run("no userinfo in its text", func(t *testing.T) {
		o := newTestFetcher().Fetch(context.Background(), "ftp://user:secret@example.com/x")
		checkErr(t, o)
		if o.Err == nil || strings.Contains(o.Err.Error(), "secret") {
			t.Errorf("Err = %v, want an error that does not quote the password", o.Err)
		}
	})
}

func TestClipError(t *testing.T) {
	for _, prefix := range []string{"", "x"} {
		s := prefix + strings.Repeat("é", maxErrorBytes)
		got := clipError(s)
		tail := fmt.Sprintf("... (%d octets in all)", len(s))
		if len(got) > maxErrorBytes || !utf8.ValidString(got) || !strings.HasSuffix(got, tail) || !strings.HasPrefix(s, strings.TrimSuffix(got, tail)) {
			t.Errorf("clipError(%q + %d é) = %d octets ending %q, want at most %d octets of valid UTF-8, a prefix of it and %q",
				prefix, maxErrorBytes, len(got), got[max(0, len(got)-40):], maxErrorBytes, tail)
		}
	}
	if s := strings.Repeat("é", maxErrorBytes/2); clipError(s) != s {
		t.Errorf("clipError of %d octets changed it", len(s))
	}
	// Error's doc promises 2 KiB: an ftp: Location of 3,000 octets, which
	// the Error quotes, makes it exactly that.
	resp := &http.Response{StatusCode: 302, Header: http.Header{"Location": {"ftp://a.example/" + strings.Repeat("x", 3000)}}, Body: http.NoBody}
	resp.Request, _ = http.NewRequest(http.MethodGet, "http://a.example/robots.txt", nil)
	if o := OutcomeOf(resp, nil); len(o.Error) != 2048 || !strings.HasSuffix(o.Error, " octets in all)") {
		t.Errorf("OutcomeOf(a 302 to a 3,000-octet ftp: URL).Error is %d octets ending %q, want 2048 ending \" octets in all)\"", len(o.Error), o.Error[max(0, len(o.Error)-40):])
	}
}

// TestFetchTimeout checks that Timeout bounds the whole retrieval and that
// ctx ends it sooner.
func TestFetchTimeout(t *testing.T) {
	const timeout = 200 * time.Millisecond
	stall := func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }
	stallBody := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "1000")
		io.WriteString(w, "User-agent: *\n")
		http.NewResponseController(w).Flush()
		<-r.Context().Done()
	}
	slowHops := func(w http.ResponseWriter, r *http.Request) {
		// Each hop answers well within the timeout; four of them do not.
		select {
		case <-time.After(timeout / 3):
		case <-r.Context().Done():
			return
		}
		hop, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/hop/"))
		if hop < 4 {
			http.Redirect(w, r, fmt.Sprintf("/hop/%d", hop+1), http.StatusFound)
			return
		}
		io.WriteString(w, fetchRobots)
	}
	shutdown := errors.New("shutting down")
	tests := []struct {
		name       string
		handler    http.HandlerFunc
		cancelAt   time.Duration // when ctx is cancelled; 0: never
		cause      error         // what ctx is cancelled with; nil: context.Canceled
		httpStatus int
		lifetime   time.Duration
		errorText  string // what Error says ended the retrieval
		is         error  // what Err is, to errors.Is
	}{
		{"stalls before responding", stall, 0, nil, 0, time.Hour, "Fetcher.Timeout of 200ms ran out", context.DeadlineExceeded},
		{"stalls mid-body", stallBody, 0, nil, 200, time.Hour, "Fetcher.Timeout of 200ms ran out", context.DeadlineExceeded},
		{"slow redirect chain", slowHops, 0, nil, 0, time.Hour, "Fetcher.Timeout of 200ms ran out", context.DeadlineExceeded},
		{"ctx cancelled while stalled", stall, timeout / 4, nil, 0, time.Minute, "the caller's context ended (context canceled)", context.Canceled},
		{"ctx cancelled mid-body", stallBody, timeout / 4, nil, 200, time.Minute, "the caller's context ended (context canceled)", context.Canceled},
		{"ctx cancelled before", stall, -1, nil, 0, time.Minute, "the caller's context ended (context canceled)", context.Canceled},
		// Err is the cause to errors.Is, as the Error names it.
		{"ctx cancelled with a cause", stall, timeout / 4, shutdown, 0, time.Minute, "the caller's context ended (shutting down)", shutdown},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := startServer(t, tc.handler)
			ctx, cancelCause := context.WithCancelCause(context.Background())
			cancel := func() { cancelCause(tc.cause) }
			defer cancel()
			switch {
			case tc.cancelAt < 0:
				cancel()
			case tc.cancelAt > 0:
				time.AfterFunc(tc.cancelAt, cancel)
			}
			f := &Fetcher{UserAgent: fetchAgent, Timeout: timeout}
			start := time.Now()
			o := f.Fetch(ctx, srv.URL)
			elapsed := time.Since(start)
			if o.Status != Unreachable || o.HTTPStatus != tc.httpStatus || o.Lifetime != tc.lifetime {
				t.Fatalf("Fetch = %s, want unreachable %d with lifetime %v", describeOutcome(o), tc.httpStatus, tc.lifetime)
			}
			if limit := timeout + time.Second; elapsed > limit {
				t.Errorf("Fetch took %v, want under %v", elapsed, limit)
			}
			if tc.cancelAt != 0 && elapsed >= timeout {
				t.Errorf("Fetch took %v after ctx was cancelled, want under the %v timeout", elapsed, timeout)
			}
			if !strings.HasPrefix(o.Error, "robots: "+tc.errorText) {
				t.Errorf("Error = %q, want it to start %q", o.Error, "robots: "+tc.errorText)
			}
			if !errors.Is(o.Err, tc.is) {
				t.Errorf("Err = %v, want it to be %v to errors.Is", o.Err, tc.is)
			}
			// net/http ends its error with the context's cause: Error,
			// which names it first, must not say it twice.
			if n := strings.Count(o.Error, "ran out") + strings.Count(o.Error, "context canceled") + strings.Count(o.Error, shutdown.Error()); n != 1 {
				t.Errorf("Error = %q names its cause %d times, want once", o.Error, n)
			}
			// What is cut is the cause and the ": " before it, not the
			// cause alone.
			if strings.HasSuffix(o.Error, ": ") {
				t.Errorf("Error = %q ends in a separator with nothing after it", o.Error)
			}
			checkOutcome(t, o, srv.URL, refusesAllButRobotsTxt)
		})
	}
	// Past MaxBytes, a body cut short is read as Truncated (TestFetchBody),
	// but a timeout still ends the retrieval: the octet waited for there
	// says whether the file goes on, and no server's answer came.
	t.Run("stalls right after MaxBytes", func(t *testing.T) {
		srv := startServer(t, stallBody)
		f := &Fetcher{UserAgent: fetchAgent, Timeout: timeout, MaxBytes: len("User-agent: *\n")}
		o := f.Fetch(context.Background(), srv.URL)
		if o.Status != Unreachable || o.HTTPStatus != 200 || !strings.HasPrefix(o.Error, "robots: Fetcher.Timeout of 200ms ran out") {
			t.Errorf("Fetch = %s, error %q; want unreachable 200, the Fetcher's Timeout named", describeOutcome(o), o.Error)
		}
	})
	t.Run("a Transport's timeout is not the Client's", func(t *testing.T) {
		srv := startServer(t, stall)
		client := &http.Client{Timeout: time.Hour, Transport: &http.Transport{ResponseHeaderTimeout: timeout / 4}}
		f := &Fetcher{Client: client, UserAgent: fetchAgent, Timeout: 10 * timeout}
		o := f.Fetch(context.Background(), srv.URL)
		if o.Status != Unreachable || !strings.Contains(o.Error, "timeout awaiting response headers") || strings.Contains(o.Error, "Client.Timeout") {
			t.Errorf("Fetch = %s, error %q; want unreachable, net/http's words, no Client.Timeout", describeOutcome(o), o.Error)
		}
		checkTimeoutErr(t, o)
	})
	t.Run("the Client's own Timeout", func(t *testing.T) {
		srv := startServer(t, stall)
		f := &Fetcher{Client: &http.Client{Timeout: timeout / 4}, UserAgent: fetchAgent, Timeout: 10 * timeout}
		o := f.Fetch(context.Background(), srv.URL)
		if o.Status != Unreachable || !strings.Contains(o.Error, "Client.Timeout") || strings.Contains(o.Error, "Fetcher.Timeout") {
			t.Errorf("Fetch = %s, error %q; want unreachable, the Client's Timeout named", describeOutcome(o), o.Error)
		}
		checkTimeoutErr(t, o)
		if !errors.Is(o.Err, context.DeadlineExceeded) {
			t.Errorf("Err = %v, want it to be context.DeadlineExceeded to errors.Is, as README says", o.Err)
		}
	})
	t.Run("the Client's Timeout run out between hops", func(t *testing.T) {
		// A redirect that arrives after the Client's Timeout: the next hop
		// is not sent, and the outcome is the last request's, its URL and
		// status, as for a timeout inside a hop.
		rt := roundTripFunc(func(r *http.Request) (*http.Response, error) {
			time.Sleep(timeout / 2)
			return &http.Response{StatusCode: http.StatusMovedPermanently, Header: http.Header{"Location": {"/next.txt"}},
				Body: http.NoBody, Request: r}, nil
		})
		f := &Fetcher{Client: &http.Client{Timeout: timeout / 4, Transport: rt}, UserAgent: fetchAgent, Timeout: 10 * timeout}
		o := f.Fetch(context.Background(), "http://example.test/")
		if o.Status != Unreachable || o.HTTPStatus != http.StatusMovedPermanently || o.FinalURL != "http://example.test/robots.txt" ||
			o.Redirects != 0 || !strings.Contains(o.Error, "Client.Timeout") {
			t.Errorf("Fetch = %s; want unreachable 301, final the first URL, no redirect followed, the Client's Timeout named", describeOutcome(o))
		}
		checkTimeoutErr(t, o)
	})
	t.Run("the Client's Timeout covers the redirect chain", func(t *testing.T) {
		// As net/http's own following of redirects has it: five hops of a
		// third of the Timeout each, every one within it, are not.
		srv := startServer(t, slowHops)
		f := &Fetcher{Client: &http.Client{Timeout: timeout}, UserAgent: fetchAgent, Timeout: 10 * timeout}
		o := f.Fetch(context.Background(), srv.URL)
		if o.Status != Unreachable || !strings.Contains(o.Error, "Client.Timeout") || strings.Contains(o.Error, "Fetcher.Timeout") {
			t.Errorf("Fetch = %s, error %q; want unreachable, the Client's Timeout named", describeOutcome(o), o.Error)
		}
		checkTimeoutErr(t, o)
	})
	t.Run("the last hop gets what is left of the Client's Timeout", func(t *testing.T) {
		// One redirect, then the file, each answering after 70 % of the
		// Timeout: the file arrives past it, with no hop after it at which
		// to notice.
		srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
			time.Sleep(timeout * 7 / 10)
			if r.URL.Path == "/robots.txt" {
				http.Redirect(w, r, "/hop", http.StatusFound)
				return
			}
			io.WriteString(w, fetchRobots)
		})
		f := &Fetcher{Client: &http.Client{Timeout: timeout}, UserAgent: fetchAgent, Timeout: 10 * timeout}
		o := f.Fetch(context.Background(), srv.URL)
		if o.Status != Unreachable || !strings.Contains(o.Error, "Client.Timeout") {
			t.Errorf("Fetch = %s, error %q; want unreachable, the Client's Timeout named", describeOutcome(o), o.Error)
		}
		checkTimeoutErr(t, o)
	})
}

// checkTimeoutErr checks that o's Err is a timeout, a net.Error whose
// Timeout reports true, as net/http's own timeouts are.
func checkTimeoutErr(t *testing.T, o *Outcome) {
	t.Helper()
	checkErr(t, o)
	if ne, ok := errors.AsType[net.Error](o.Err); !ok || !ne.Timeout() {
		t.Errorf("Err = %v, want a net.Error whose Timeout reports true", o.Err)
	}
}

// TestFetchNetworkFailures covers failures below HTTP: refused connections,
// DNS and TLS.
func TestFetchNetworkFailures(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refusedURL := "http://" + ln.Addr().String() + "/page"
	ln.Close()

	noDNS := noDNSClient()

	tlsServer := httptest.NewTLSServer(respond(200, fetchRobots))
	t.Cleanup(tlsServer.Close)

	// A host that does not exist, as a resolver says it: the error a
	// crawler tells from a passing failure, to drop the host.
	noSuchHost := &http.Client{Transport: &http.Transport{DialContext: func(_ context.Context, _, address string) (net.Conn, error) {
		host, _, _ := net.SplitHostPort(address)
		return nil, &net.OpError{Op: "dial", Net: "tcp", Err: &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}}
	}}}

	tests := []struct {
		name      string
		client    *http.Client
		pageURL   string
		errorText string
		errIs     func(error) bool // what Err must be, to errors.Is or errors.As
	}{
		{"connection refused", nil, refusedURL, "refused", func(err error) bool {
			oe, ok := errors.AsType[*net.OpError](err)
			return ok && oe.Op == "dial"
		}},
		{"unresolvable host", noDNS, "http://robots-test.invalid/page", "lookup robots-test.invalid", func(err error) bool {
			de, ok := errors.AsType[*net.DNSError](err)
			return ok && de.Name == "robots-test.invalid"
		}},
		{"no such host", noSuchHost, "http://robots-test.invalid/page", "no such host", func(err error) bool {
			de, ok := errors.AsType[*net.DNSError](err)
			return ok && de.IsNotFound
		}},
		{"untrusted certificate", nil, tlsServer.URL + "/page", "certificate", func(err error) bool {
			_, ok := errors.AsType[*tls.CertificateVerificationError](err)
			return ok
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := &Fetcher{Client: tc.client, UserAgent: fetchAgent, Timeout: 5 * time.Second}
			o := f.Fetch(context.Background(), tc.pageURL)
			if o.Status != Unreachable || o.HTTPStatus != 0 || o.Lifetime != time.Hour {
				t.Fatalf("Fetch = %s, want unreachable 0 with lifetime 1h", describeOutcome(o))
			}
			if !strings.HasPrefix(o.Error, "robots: ") || !strings.Contains(o.Error, tc.errorText) {
				t.Errorf("Error = %q, want it to mention %q", o.Error, tc.errorText)
			}
			if !tc.errIs(o.Err) {
				t.Errorf("Err = %#v, not the error the client failed with", o.Err)
			}
			base, _ := RobotsURL(tc.pageURL)
			checkOutcome(t, o, strings.TrimSuffix(base, "/robots.txt"), refusesAllButRobotsTxt)
		})
	}
	t.Run("trusted certificate", func(t *testing.T) {
		f := &Fetcher{Client: tlsServer.Client(), UserAgent: fetchAgent}
		o := f.Fetch(context.Background(), tlsServer.URL+"/page")
		if o.Status != Parsed {
			t.Fatalf("Fetch = %s, want parsed", describeOutcome(o))
		}
		checkOutcome(t, o, tlsServer.URL, rulesOfFetchRobots)
	})
}

// noDNSClient returns a client that dials IP addresses and resolves no name:
// DNS never leaves the machine, as a .invalid name has no server in the
// world either (RFC 6761 §6.4).
func noDNSClient() *http.Client {
	return &http.Client{Transport: &http.Transport{DialContext: (&net.Dialer{Resolver: &net.Resolver{
		PreferGo: true,
		Dial: func(ctx context.Context, network, address string) (net.Conn, error) {
			return nil, errors.New("no DNS server in tests")
		},
	}}).DialContext}}
}

// failingClient fails the test if a request is ever sent.
func failingClient(t *testing.T) *http.Client {
	return &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		t.Errorf("unexpected request to %s", r.URL)
		return nil, errors.New("no requests expected")
	})}
}

func TestFetchPageURLs(t *testing.T) {
	tests := []string{
		"ftp://example.com/file",
		"file:///etc/passwd",
		"mailto:webmaster@example.com",
		"javascript:alert(1)",
		"data:respond/plain,hello",
		"ws://example.com/socket",
		"/relative/path",
		"relative",
		"",
		"http://",
		"http:///path",
		"http://[::1",
		"://example.com",
		"http://exa mple.com/",
		"http://example.com:port/",
		"\x00http://example.com/",
	}
	for _, pageURL := range tests {
		t.Run(pageURL, func(t *testing.T) {
			f := &Fetcher{Client: failingClient(t), UserAgent: fetchAgent}
			o := f.Fetch(context.Background(), pageURL)
			if o.Status != Unreachable || o.HTTPStatus != 0 || o.Robots != nil {
				t.Fatalf("Fetch(%q) = %s, want unreachable 0", pageURL, describeOutcome(o))
			}
			if o.Lifetime <= 0 || o.Lifetime > time.Hour || o.Error == "" || o.FinalURL != "" {
				t.Errorf("Fetch(%q) = %s, want a lifetime in (0, 1h], an error and nothing sent", pageURL, describeOutcome(o))
			}
			if o.IsAllowed(fetchAgent, "https://example.com/page") {
				t.Errorf("IsAllowed(%q, %q) = true, want false", fetchAgent, "https://example.com/page")
			}
		})
	}
}

func TestFetchRequest(t *testing.T) {
	var got []string
	client := &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		got = append(got, r.Method+" "+r.URL.String()+" "+r.Host+" "+r.UserAgent())
		return &http.Response{StatusCode: 404, Body: http.NoBody, Header: http.Header{}, Request: r}, nil
	})}
	tests := []struct{ pageURL, want string }{
		{"http://example.com/a/b?c=d#e", "GET http://example.com/robots.txt example.com"},
		{"HTTPS://User:Pw@EXAMPLE.com:443/x", "GET https://example.com/robots.txt example.com"},
		{"http://example.com:8080", "GET http://example.com:8080/robots.txt example.com:8080"},
		{"http://bücher.example/straße", "GET http://xn--bcher-kva.example/robots.txt xn--bcher-kva.example"},
		{"http://[2001:db8::1]:8080/p", "GET http://[2001:db8::1]:8080/robots.txt [2001:db8::1]:8080"},
	}
	for _, tc := range tests {
		t.Run(tc.pageURL, func(t *testing.T) {
			got = nil
			o := (&Fetcher{Client: client, UserAgent: fetchAgent}).Fetch(context.Background(), tc.pageURL)
			if want := []string{tc.want + " " + fetchAgent}; len(got) != 1 || got[0] != want[0] {
				t.Errorf("Fetch(%q) sent %q, want %q", tc.pageURL, got, want)
			}
			if o.Status != Unavailable {
				t.Errorf("Fetch(%q) = %s, want unavailable", tc.pageURL, describeOutcome(o))
			}
		})
	}
	t.Run("no UserAgent", func(t *testing.T) {
		o := (&Fetcher{Client: failingClient(t)}).Fetch(context.Background(), "http://example.com/")
		if o.Status != Unreachable || o.Lifetime != time.Minute || !strings.Contains(o.Error, "UserAgent") {
			t.Errorf("Fetch without UserAgent = %s, want unreachable, lifetime 1m, an error naming UserAgent", describeOutcome(o))
		}
		// URL is the page's robots.txt URL all the same; FinalURL is ""
		// since nothing was sent.
		if o.URL != "http://example.com/robots.txt" || o.FinalURL != "" {
			t.Errorf("Fetch without UserAgent: URL, FinalURL = %q, %q, want %q, \"\"", o.URL, o.FinalURL, "http://example.com/robots.txt")
		}
	})
	t.Run("UserAgent that cannot be sent", func(t *testing.T) {
		// net/http refuses a header value with a control octet: nothing is
		// sent, which says nothing about the origin (it was an hour, as a
		// network failure).
		for _, ua := range []string{fetchAgent + "\n", "Example\rBot", "a\x00b", "a\x7fb", " ", " \t "} {
			o := (&Fetcher{Client: failingClient(t), UserAgent: ua}).Fetch(context.Background(), "http://example.com/")
			if o.Status != Unreachable || o.Lifetime != time.Minute || !strings.Contains(o.Error, "UserAgent") {
				t.Errorf("Fetch with UserAgent %q = %s, want unreachable, lifetime 1m, an error naming UserAgent", ua, describeOutcome(o))
			}
		}
	})
	t.Run("UserAgent with a tab or obs-text is sent", func(t *testing.T) {
		for _, ua := range []string{"Example\tBot/1.0", "Bot\x80/1.0", " Bot "} {
			var got atomic.Value
			srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
				got.Store(r.Header.Get("User-Agent"))
				io.WriteString(w, fetchRobots)
			})
			o := (&Fetcher{UserAgent: ua}).Fetch(context.Background(), srv.URL)
			if o.Status != Parsed || got.Load() == nil {
				t.Errorf("Fetch with UserAgent %q = %s, want it sent and the file parsed", ua, describeOutcome(o))
			}
		}
	})
	t.Run("nil Fetcher", func(t *testing.T) {
		// SPEC §2: Fetch never panics; nil is the zero Fetcher, which has
		// no UserAgent.
		var f *Fetcher
		for _, page := range []string{"http://example.com/", "ftp://example.com/", "relative"} {
			o := f.Fetch(context.Background(), page)
			if o.Status != Unreachable || o.Lifetime <= 0 || o.Lifetime > time.Hour || o.IsAllowed(fetchAgent, page) {
				t.Errorf("(*Fetcher)(nil).Fetch(%q) = %s, want unreachable, a lifetime in (0, 1h]", page, describeOutcome(o))
			}
		}
	})
	t.Run("nil ctx", func(t *testing.T) {
		//lint:ignore SA1012 a nil ctx must not panic
		o := (&Fetcher{Client: client, UserAgent: fetchAgent}).Fetch(nil, "http://example.com/")
		if o.Status != Unavailable {
			t.Errorf("Fetch(nil, ...) = %s, want unavailable", describeOutcome(o))
		}
	})
}

// TestFetchLifetime covers the Lifetime column of the decision table.
func TestFetchLifetime(t *testing.T) {
	const date = "Sun, 06 Nov 1994 08:49:37 GMT"
	at := func(d time.Duration) string {
		t0, _ := http.ParseTime(date)
		return t0.Add(d).Format(http.TimeFormat)
	}
	tests := []struct {
		name     string
		status   int
		headers  []string // name, value pairs; a Date is added unless given ("Date", "" removes it)
		lifetime time.Duration
	}{
		{"no headers", 200, nil, 24 * time.Hour},
		{"max-age", 200, []string{"Cache-Control", "max-age=3600"}, time.Hour},
		{"max-age among others", 200, []string{"Cache-Control", "public, max-age=3600, must-revalidate"}, time.Hour},
		{"max-age upper case", 200, []string{"Cache-Control", "MAX-AGE=60"}, time.Minute},
		{"max-age quoted", 200, []string{"Cache-Control", `max-age="600"`}, 10 * time.Minute},
		{"max-age minus Age", 200, []string{"Cache-Control", "max-age=3600", "Age", "600"}, 50 * time.Minute},
		{"Age above max-age", 200, []string{"Cache-Control", "max-age=600", "Age", "900"}, 0},
		{"Age list uses first", 200, []string{"Cache-Control", "max-age=600", "Age", "60, 500"}, 9 * time.Minute},
		{"Age list's empty members are none", 200, []string{"Cache-Control", "max-age=600", "Age", " , 60, 500"}, 9 * time.Minute},
		{"invalid Age ignored", 200, []string{"Cache-Control", "max-age=600", "Age", "-5"}, 10 * time.Minute},
		{"max-age above 24h", 200, []string{"Cache-Control", "max-age=172800"}, 24 * time.Hour},
		{"max-age overflowing", 200, []string{"Cache-Control", "max-age=99999999999999999999999"}, 24 * time.Hour},
		// RFC 9111 §1.2.2: delta-seconds saturate at 2^31, not before.
		{"max-age and Age past 2^20", 200, []string{"Cache-Control", "max-age=1100000", "Age", "1048576"}, 51424 * time.Second},
		{"max-age saturating at 2^31, minus Age", 200, []string{"Cache-Control", "max-age=99999999999", "Age", "2147483000"}, 648 * time.Second},
		{"max-age=0", 200, []string{"Cache-Control", "no-cache, max-age=0"}, 0},
		{"comma in a quoted value", 200, []string{"Cache-Control", `no-cache="Set-Cookie, max-age=5", max-age=60`}, time.Minute},
		// RFC 9110 §5.6.4: \" is a quoted-pair, not the string's end.
		{"escaped quote in a quoted value", 200, []string{"Cache-Control", `no-cache="a\", max-age=5, b", max-age=60`}, time.Minute},
		// Leniently, a blank after '=' still opens a quoted string, whose
		// commas do not split directives.
		{"blank before a quoted value", 200, []string{"Cache-Control", `no-cache= "x,max-age=5,y", max-age=60`}, time.Minute},
		{"tab before a quoted value", 200, []string{"Cache-Control", "no-cache=\t\"x,max-age=5,y\", max-age=60"}, time.Minute},
		{"first valid max-age", 200, []string{"Cache-Control", "max-age=abc, max-age=120, max-age=30"}, 2 * time.Minute},
		{"max-age on a second line", 200, []string{"Cache-Control", "no-store", "Cache-Control", "max-age=120"}, 2 * time.Minute},
		{"a line that ends in a comma", 200, []string{"Cache-Control", "no-store,", "Cache-Control", "max-age=120"}, 2 * time.Minute},
		{"invalid max-age, no Expires", 200, []string{"Cache-Control", "max-age=-1"}, 24 * time.Hour},
		{"s-maxage is not max-age", 200, []string{"Cache-Control", "s-maxage=60"}, 24 * time.Hour},
		// Only max-age is read (SPEC §2's table): a robots.txt is a rule set
		// to hold, not a response a cache may decline to store.
		{"no-store alone", 200, []string{"Cache-Control", "no-store"}, 24 * time.Hour},
		{"no-cache beside max-age", 200, []string{"Cache-Control", "no-cache, max-age=600"}, 10 * time.Minute},
		{"private, no-store beside Expires", 200, []string{"Cache-Control", "private, no-store", "Expires", at(2 * time.Hour)}, 2 * time.Hour},
		{"Expires minus Date", 200, []string{"Expires", at(2 * time.Hour)}, 2 * time.Hour},
		{"Expires RFC 850", 200, []string{"Expires", "Sunday, 06-Nov-94 09:49:37 GMT"}, time.Hour},
		{"Expires asctime", 200, []string{"Expires", "Sun Nov  6 10:49:37 1994"}, 2 * time.Hour},
		{"Expires beyond 24h", 200, []string{"Expires", at(48 * time.Hour)}, 24 * time.Hour},
		{"Expires in the past", 200, []string{"Expires", at(-time.Hour)}, 0},
		{"Expires 0", 200, []string{"Expires", "0"}, 0},
		// RFC 9110 §5.6.7: each part of the time has two digits.
		{"Expires with one-digit seconds", 200, []string{"Expires", "Sun, 06 Nov 1994 10:49:3 GMT"}, 0},
		// RFC 9111 §4.2.1: the first of several Expires lines.
		{"Expires twice: the first", 200, []string{"Expires", at(time.Hour), "Expires", at(3 * time.Hour)}, time.Hour},
		{"max-age over Expires", 200, []string{"Expires", at(2 * time.Hour), "Cache-Control", "max-age=60"}, time.Minute},
		{"Expires, Age ignored", 200, []string{"Expires", at(2 * time.Hour), "Age", "600"}, 2 * time.Hour},
		{"404 with max-age", 404, []string{"Cache-Control", "max-age=600"}, 10 * time.Minute},
		{"410 with Expires", 410, []string{"Expires", at(3 * time.Hour)}, 3 * time.Hour},
		{"404 bare", 404, nil, 24 * time.Hour},
		// A 3xx that is not a redirect is kept as a 2xx would be (SPEC §2's
		// table), not by Retry-After's rules.
		{"304 bare", 304, nil, 24 * time.Hour},
		{"300 with max-age", 300, []string{"Cache-Control", "max-age=600", "Retry-After", "60"}, 10 * time.Minute},
		{"429 Retry-After seconds", 429, []string{"Retry-After", "120"}, 2 * time.Minute},
		{"429 Retry-After date", 429, []string{"Retry-After", at(90 * time.Minute)}, 90 * time.Minute},
		{"503 Retry-After seconds", 503, []string{"Retry-After", " 30 "}, 30 * time.Second},
		{"503 Retry-After date", 503, []string{"Retry-After", at(5 * time.Hour)}, 5 * time.Hour},
		{"503 Retry-After beyond 24h", 503, []string{"Retry-After", "999999"}, 24 * time.Hour},
		{"503 Retry-After date beyond 24h", 503, []string{"Retry-After", at(72 * time.Hour)}, 24 * time.Hour},
		{"503 Retry-After in the past", 503, []string{"Retry-After", at(-time.Hour)}, 0},
		{"503 Retry-After unreadable", 503, []string{"Retry-After", "soon"}, time.Hour},
		// Delay-seconds are digits only (RFC 9110 §10.2.3): the octets just
		// below '0' and just above '9' make a value unreadable, not a delay.
		{"503 Retry-After with a colon", 503, []string{"Retry-After", "1:0"}, time.Hour},
		{"503 Retry-After with a slash", 503, []string{"Retry-After", "1/"}, time.Hour},
		{"503 Retry-After with one-digit seconds", 503, []string{"Retry-After", "Sun, 06 Nov 1994 10:49:3 GMT"}, time.Hour},
		{"503 Retry-After RFC 850 short of a '-'", 503, []string{"Retry-After", "Sunday, 06-Nov94 08:49:37 GMT"}, time.Hour},
		{"503 Retry-After asctime short of a space", 503, []string{"Retry-After", "Sun Nov 6,08:49:37 1994"}, time.Hour},
		{"503 bare", 503, nil, time.Hour},
		{"503 max-age ignored", 503, []string{"Cache-Control", "max-age=60"}, time.Hour},
		{"429 bare", 429, nil, time.Hour},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Date", date)
				for i := 0; i+1 < len(tc.headers); i += 2 {
					w.Header().Add(tc.headers[i], tc.headers[i+1])
				}
				w.WriteHeader(tc.status)
				io.WriteString(w, fetchRobots)
			})
			o := newTestFetcher().Fetch(context.Background(), srv.URL)
			if o.HTTPStatus != tc.status || o.Lifetime != tc.lifetime {
				t.Errorf("Fetch = %s, want status %d with lifetime %v", describeOutcome(o), tc.status, tc.lifetime)
			}
		})
	}
	t.Run("Expires without Date", func(t *testing.T) {
		srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header()["Date"] = nil // the server adds none
			w.Header().Set("Expires", time.Now().Add(2*time.Hour).UTC().Format(http.TimeFormat))
			io.WriteString(w, fetchRobots)
		})
		o := newTestFetcher().Fetch(context.Background(), srv.URL)
		if d := o.Lifetime - 2*time.Hour; d > time.Second || d < -5*time.Second {
			t.Errorf("Lifetime = %v, want about 2h measured from our clock", o.Lifetime)
		}
	})
	t.Run("Expires without Date, a redirect that leads nowhere", func(t *testing.T) {
		h := http.Header{"Expires": {time.Now().Add(2 * time.Hour).UTC().Format(http.TimeFormat)}}
		o := OutcomeOf(&http.Response{StatusCode: 302, Header: h, Body: http.NoBody}, nil)
		if d := o.Lifetime - 2*time.Hour; o.Status != Unavailable || d > time.Second || d < -5*time.Second {
			t.Errorf("OutcomeOf(a 302 without Location) = %s, want Unavailable for about 2h measured from our clock", describeOutcome(o))
		}
	})
}

// TestOutcomeDecisions checks what each status decides, through the
// Outcome and through its Agent, which must answer as the Outcome does.
func TestOutcomeDecisions(t *testing.T) {
	parsed := &Outcome{Status: Parsed, HTTPStatus: 200, Robots: Parse([]byte(fetchRobots))}
	delayed := &Outcome{Status: Parsed, Robots: Parse([]byte("User-agent: *\nCrawl-delay: 5\nDisallow: /private/\n"))}
	scoped := &Outcome{Status: Parsed, Robots: Parse([]byte("User-agent: *\nDisallow: /\n\nUser-agent: examplebot\nCrawl-delay: 3\nDisallow: /private/\n"))}
	tests := []struct {
		name    string
		outcome *Outcome
		url     string
		allowed bool
		reason  Reason
	}{
		{"parsed, disallowed", parsed, "https://example.com/private/a", false, ReasonRule},
		{"parsed, no match", parsed, "https://example.com/public/a", true, ReasonNoMatch},
		{"parsed, robots.txt", parsed, "https://example.com/robots.txt", true, ReasonRobotsTxt},
		// A stored outcome that lost its file fails closed, not open.
		{"parsed, nil Robots", &Outcome{Status: Parsed}, "https://example.com/public/a", false, ReasonUnreachable},
		{"parsed, nil Robots, robots.txt", &Outcome{Status: Parsed}, "https://example.com/robots.txt", true, ReasonRobotsTxt},
		{"unavailable", &Outcome{Status: Unavailable, HTTPStatus: 404}, "https://example.com/private/a", true, ReasonUnavailable},
		{"unavailable, path", &Outcome{Status: Unavailable}, "/private/a", true, ReasonUnavailable},
		{"unavailable, robots.txt", &Outcome{Status: Unavailable}, "https://example.com/robots.txt", true, ReasonRobotsTxt},
		{"unavailable, invalid URL", &Outcome{Status: Unavailable}, "private/a", false, ReasonInvalidURL},
		{"unreachable", &Outcome{Status: Unreachable, HTTPStatus: 503}, "https://example.com/public/a", false, ReasonUnreachable},
		{"unreachable, root", &Outcome{Status: Unreachable}, "https://example.com/", false, ReasonUnreachable},
		{"unreachable, robots.txt", &Outcome{Status: Unreachable}, "https://example.com/robots.txt", true, ReasonRobotsTxt},
		{"unreachable, robots.txt path", &Outcome{Status: Unreachable}, "/robots.txt", true, ReasonRobotsTxt},
		{"unreachable, robots.txt with query", &Outcome{Status: Unreachable}, "https://example.com/robots.txt?x=1", false, ReasonUnreachable},
		{"unreachable, invalid URL", &Outcome{Status: Unreachable}, "no-slash", false, ReasonInvalidURL},
		{"zero outcome", &Outcome{}, "https://example.com/public/a", false, ReasonUnreachable},
		{"unknown status", &Outcome{Status: "maybe"}, "https://example.com/public/a", false, ReasonUnreachable},
		{"nil outcome", nil, "https://example.com/public/a", false, ReasonUnreachable},
		{"nil outcome, robots.txt", nil, "https://example.com/robots.txt", true, ReasonRobotsTxt},
		{"unreachable with rules", &Outcome{Status: Unreachable, Robots: delayed.Robots}, "https://example.com/public/a", false, ReasonUnreachable},
		{"unavailable with rules", &Outcome{Status: Unavailable, Robots: delayed.Robots}, "https://example.com/private/a", true, ReasonUnavailable},
		{"parsed with Crawl-delay", delayed, "/private/a", false, ReasonRule},
		{"parsed, the agent's own group allows", scoped, "/public/a", true, ReasonNoMatch},
		{"parsed, the agent's own group refuses", scoped, "/private/a", false, ReasonRule},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.outcome.IsAllowed(fetchAgent, tc.url); got != tc.allowed {
				t.Errorf("IsAllowed(%q, %q) = %v, want %v", fetchAgent, tc.url, got, tc.allowed)
			}
			d := tc.outcome.Explain(fetchAgent, tc.url)
			if d.Allowed != tc.allowed || d.Reason != tc.reason {
				t.Errorf("Explain(%q, %q) = %+v, want Allowed %v, Reason %v", fetchAgent, tc.url, d, tc.allowed, tc.reason)
			}
			// Decision: Group is -1 unless Reason is ReasonRule, whatever
			// decided (a rule's verdict the Outcome's status overrides too).
			if d.Reason != ReasonRule && (d.Group != -1 || d.Line != 0) {
				t.Errorf("Explain(%q, %q) = %+v, want Group -1 and Line 0 for reason %v", fetchAgent, tc.url, d, d.Reason)
			}
			a := tc.outcome.Agent(fetchAgent)
			if got := a.IsAllowed(tc.url); got != tc.allowed {
				t.Errorf("Agent(%q).IsAllowed(%q) = %v, want %v", fetchAgent, tc.url, got, tc.allowed)
			}
			if got := a.Explain(tc.url); got != d {
				t.Errorf("Agent(%q).Explain(%q) = %+v, want the Outcome's %+v", fetchAgent, tc.url, got, d)
			}
			gotDelay, gotOK := a.CrawlDelay()
			if delay, ok := tc.outcome.CrawlDelay(fetchAgent); gotDelay != delay || gotOK != ok {
				t.Errorf("Agent(%q).CrawlDelay() = %v, %v; want the Outcome's %v, %v", fetchAgent, gotDelay, gotOK, delay, ok)
			}
			if tc.outcome == nil || tc.outcome.Status != Parsed {
				if n := testing.AllocsPerRun(100, func() { a.IsAllowed(tc.url) }); n != 0 {
					t.Errorf("Agent(%q).IsAllowed(%q) allocates %v times, want 0", fetchAgent, tc.url, n)
				}
			}
		})
	}
}

// TestOutcomeJSON checks that outcomes survive encoding/json with every
// field and every decision intact.
func TestOutcomeJSON(t *testing.T) {
	var big strings.Builder
	big.WriteString("User-agent: *\nDisallow: /private/\n")
	for i := 0; big.Len() < DefaultMaxBytes+1000; i++ {
		fmt.Fprintf(&big, "Disallow: /generated/%d/\n", i)
	}
	big.WriteString("Disallow: /last/\n")
	routes := map[string]http.HandlerFunc{
		// MarshalText writes Crawl-delay before the rules and no comments,
		// so its lines are not the served file's: Line must still be.
		"parsed":      respond(200, "# rules for bots\nUser-agent: ExampleBot\nDisallow: /nobot/\nCrawl-delay: 2\n\nUser-agent: *\nDisallow: /private/\n\n# the press room\nAllow: /private/ok\n\nSitemap: https://example.com/sitemap.xml\n"),
		"unavailable": respond(404, ""),
		"unreachable": respond(503, ""),
		// A 3xx not followed says why in Error, which must come back.
		"no location": respond(302, ""),
		"big":         respond(200, big.String()),
		"truncated":   respond(200, big.String()), // read with the default MaxBytes
		"redirected": func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/robots.txt" {
				http.Redirect(w, r, "/real.txt", http.StatusMovedPermanently)
				return
			}
			io.WriteString(w, "User-agent: *\nDisallow: /private/\n")
		},
		// Without a Date, Expires is measured from our clock: a Lifetime
		// with a fraction of a second, which JSON must keep whole.
		"expires": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Del("Cache-Control")
			w.Header()["Date"] = nil
			w.Header().Set("Expires", time.Now().Add(time.Hour).UTC().Format(http.TimeFormat))
			io.WriteString(w, "User-agent: *\nDisallow: /private/\n")
		},
		// Latin-1, not UTF-8: encoding/json would turn \xe9 into U+FFFD.
		"latin1": respond(200, "User-agent: *\nDisallow: /caf\xe9\nAllow: /caf\xe9s\n# r\xe9sum\xe9\n"),
	}
	for name, h := range routes {
		t.Run(name, func(t *testing.T) {
			srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Cache-Control", "max-age=1234")
				h(w, r)
			})
			f := newTestFetcher()
			if name != "truncated" {
				f.MaxBytes = 1 << 20
			}
			o := f.Fetch(context.Background(), srv.URL)
			if o.Truncated != (name == "truncated") || (o.Redirects == 1) != (name == "redirected") {
				t.Fatalf("Fetch = %s, want Truncated %v and one redirect %v", describeOutcome(o), name == "truncated", name == "redirected")
			}
			back := jsonRoundTrip(t, o, Outcome{})
			if back.Status != o.Status || back.HTTPStatus != o.HTTPStatus || back.Lifetime != o.Lifetime ||
				back.URL != o.URL || back.FinalURL != o.FinalURL || back.Redirects != o.Redirects ||
				back.Truncated != o.Truncated || back.Error != o.Error || !back.FetchedAt.Equal(o.FetchedAt) {
				t.Errorf("round trip changed the outcome:\n got %s at %v\nwant %s at %v", describeOutcome(&back), back.FetchedAt, describeOutcome(o), o.FetchedAt)
			}
			if (back.Robots == nil) != (o.Robots == nil) || back.Robots.String() != o.Robots.String() {
				t.Errorf("round trip changed Robots:\n got %q\nwant %q", back.Robots.String(), o.Robots.String())
			}
			agents := []string{fetchAgent, "OtherBot/2.0", ""}
			paths := []string{"/", "/private/a", "/private/ok", "/nobot/x", "/public", "/robots.txt", "/generated/7/x", "/last/x", "relative",
				"/caf%E9", "/caf%e9/menu", "/caf%E9s", "/caf%EF%BF%BD", "/caf"}
			for _, agent := range agents {
				for _, p := range paths {
					u := srv.URL + p
					if p == "relative" {
						u = p
					}
					if got, want := back.Explain(agent, u), o.Explain(agent, u); got != want {
						t.Errorf("Explain(%q, %q) after the round trip = %+v, want %+v", agent, u, got, want)
					}
				}
				gd, gok := back.CrawlDelay(agent)
				wd, wok := o.CrawlDelay(agent)
				if gd != wd || gok != wok {
					t.Errorf("CrawlDelay(%q) after the round trip = %v, %v, want %v, %v", agent, gd, gok, wd, wok)
				}
			}
		})
	}
	t.Run("source lines of rules changed in code", func(t *testing.T) {
		// Rules built or changed in code have no source line (0), before
		// the round trip and after it; the others keep theirs.
		o := &Outcome{Status: Parsed, HTTPStatus: 200, Lifetime: time.Hour,
			Robots: Parse([]byte("User-agent: a\n# one\nDisallow: /a\n\nUser-agent: b\nDisallow: /b\n\nUser-agent: c\nCrawl-delay: 1\nDisallow: /c\n"))}
		o.Robots.Groups[1].Rules[0].Pattern = "/b2" // changed in place
		o.Robots.Groups[0].Rules = nil              // MarshalText writes "Disallow:" for it
		back := jsonRoundTrip(t, o, Outcome{})
		for _, tc := range []struct {
			agent, path string
			line        int
		}{{"c", "/c", 10}, {"b", "/b2", 0}, {"a", "/a", 0}} {
			want := o.Explain(tc.agent, tc.path)
			if got := back.Explain(tc.agent, tc.path); got != want || got.Line != tc.line {
				t.Errorf("Explain(%q, %q) after the round trip = %+v, want %+v, line %d", tc.agent, tc.path, got, want, tc.line)
			}
		}
		// With no line known at all, the lines are still written, as
		// zeros: without them the stored text's lines would be counted.
		built := &Outcome{Status: Parsed, Robots: &Robots{Groups: []Group{{UserAgents: []string{"*"}, Rules: []Rule{{Pattern: "/x"}}}}}}
		edited := &Outcome{Status: Parsed, Robots: Parse([]byte("# c\n# c\nUser-agent: *\nDisallow: /a\n"))}
		edited.Robots.Groups[0].Rules[0].Pattern = "/x"
		for name, o := range map[string]*Outcome{"built in code": built, "every group edited": edited} {
			back := jsonRoundTrip(t, o, Outcome{})
			if got, want := back.Explain("bot", "/x"), o.Explain("bot", "/x"); got != want || got.Line != 0 {
				t.Errorf("%s: Explain after the round trip = %+v, want %+v, line 0", name, got, want)
			}
		}
	})
	t.Run("source lines that do not fit", func(t *testing.T) {
		// Lines MarshalJSON did not write (or another version did) cost
		// the audit its line numbers, never the outcome its decisions.
		const text = `"robots":"# c\nUser-agent: *\nDisallow: /\nAllow: /a\n"`
		for _, lines := range []string{`[3]`, `[3,4,5]`, `[]`, `[3,-1]`} {
			data := `{"status":"parsed","httpStatus":200,"lifetime":"1h",` + text + `,"ruleLines":` + lines + `}`
			var o Outcome
			if err := json.Unmarshal([]byte(data), &o); err != nil {
				t.Errorf("json.Unmarshal(%s) = %v, want the outcome", data, err)
				continue
			}
			if d := o.Explain(fetchAgent, "/x"); d.Allowed || d.Rule.Pattern != "/" || d.Line != 0 {
				t.Errorf("ruleLines %s: Explain(/x) = %+v, want disallowed by \"Disallow: /\" at an unknown line", lines, d)
			}
		}
		var o Outcome
		if err := json.Unmarshal([]byte(`{"status":"parsed","lifetime":"1h",`+text+`,"ruleLines":[7,9]}`), &o); err != nil || o.Explain(fetchAgent, "/a").Line != 9 {
			t.Errorf("ruleLines [7,9]: %v, Explain(/a) = %+v, want line 9", err, o.Explain(fetchAgent, "/a"))
		}
		// Without "ruleLines", Decision.Line counts lines of the text.
		o = Outcome{}
		if err := json.Unmarshal([]byte(`{"status":"parsed","lifetime":"1h",`+text+`}`), &o); err != nil || o.Explain(fetchAgent, "/a").Line != 4 || !slices.Equal(o.Robots.RuleLines(0), []int{3, 4}) {
			t.Errorf("no ruleLines: %v, Explain(/a) = %+v, RuleLines(0) = %v, want line 4 of the text, lines [3 4]", err, o.Explain(fetchAgent, "/a"), o.Robots.RuleLines(0))
		}
	})
	t.Run("zero", func(t *testing.T) {
		// The zero Outcome is a valid (Unreachable) outcome: it comes back.
		// Unmarshalled over a non-zero one, to see every field replaced.
		back := jsonRoundTrip(t, &Outcome{}, Outcome{Status: Parsed, HTTPStatus: 200})
		if back.Status != "" || back.HTTPStatus != 0 || back.Robots != nil || back.IsAllowed(fetchAgent, "/") {
			t.Errorf("zero Outcome after the round trip = %s, want the zero Outcome", describeOutcome(&back))
		}
	})
	t.Run("unknown status", func(t *testing.T) {
		// An Outcome with an unknown Status is valid (Unreachable): it
		// comes back as written, and still refuses.
		back := jsonRoundTrip(t, &Outcome{Status: "maybe", HTTPStatus: 200, Lifetime: time.Hour}, Outcome{})
		if back.Status != "maybe" || back.HTTPStatus != 200 || back.Lifetime != time.Hour || back.IsAllowed(fetchAgent, "/") {
			t.Errorf("unknown status after the round trip = %s, want it as written, refusing /", describeOutcome(&back))
		}
	})
	t.Run("FetchedAt beyond JSON's years", func(t *testing.T) {
		for _, at := range []time.Time{time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC)} {
			if _, err := json.Marshal(&Outcome{Status: Unavailable, FetchedAt: at}); err == nil {
				t.Errorf("json.Marshal(Outcome with FetchedAt %v) = nil error, want one, as MarshalJSON's doc says", at)
			}
		}
	})
	t.Run("names matched as encoding/json matches them", func(t *testing.T) {
		// As UnmarshalJSON's doc says, for a program that checks stored
		// entries first (found by a security audit).
		var o Outcome
		data := `{"status":"parsed","lifetime":"1h","robots":"User-agent: *\nDisallow: /\n","ſtatus":"unavailable"}`
		if err := json.Unmarshal([]byte(data), &o); err != nil || o.Status != Unavailable {
			t.Errorf("json.Unmarshal(%s) = %v, status %q; want no error and the last status, unavailable", data, err, o.Status)
		}
	})
	t.Run("nil Outcome", func(t *testing.T) {
		// An error whatever the data, where a valid outcome panicked and
		// "{}" and null did not (found by an audit of nil receivers).
		for _, data := range []string{"null", "{}", `{"status":"parsed","lifetime":"1h","robots":"User-agent: *\nDisallow: /\n"}`} {
			if err := (*Outcome)(nil).UnmarshalJSON([]byte(data)); err == nil {
				t.Errorf("(*Outcome)(nil).UnmarshalJSON(%s) = nil, want an error", data)
			}
		}
	})
	t.Run("null", func(t *testing.T) {
		// encoding/json leaves a value as it is for null, and so does
		// Outcome: a field of a larger record may be null.
		var rec struct{ O Outcome }
		rec.O = Outcome{Status: Unavailable, HTTPStatus: 404}
		if err := json.Unmarshal([]byte(`{"O":null}`), &rec); err != nil || rec.O.Status != Unavailable || rec.O.HTTPStatus != 404 {
			t.Errorf("json.Unmarshal({\"O\":null}) = %v, O = %s, want no error and O as it was", err, describeOutcome(&rec.O))
		}
	})
	t.Run("bad input", func(t *testing.T) {
		for _, data := range []string{
			`{"status":"parsed","lifetime":"one hour"}`,
			`{"status":"parsed"}`,
			`{}`,
			`[]`,
			`{"status":"parsed","lifetime":"1h","fetchedAt":"yesterday"}`,
			// MarshalJSON writes one or the other: both is not its output.
			`{"status":"parsed","lifetime":"1h","robots":"User-agent: *\nDisallow: /\n","robotsBytes":"VXNlci1hZ2VudDogKgo="}`,
		} {
			var o Outcome
			if err := json.Unmarshal([]byte(data), &o); err == nil {
				t.Errorf("json.Unmarshal(%s) = nil error, want one", data)
			}
		}
	})
}

// jsonRoundTrip returns o written by json.Marshal and read back by
// json.Unmarshal into into.
func jsonRoundTrip(t *testing.T, o *Outcome, into Outcome) Outcome {
	t.Helper()
	data, err := json.Marshal(o)
	if err != nil {
		t.Fatalf("json.Marshal: %v", err)
	}
	if err := json.Unmarshal(data, &into); err != nil {
		t.Fatalf("json.Unmarshal(%s): %v", data, err)
	}
	return into
}

// hostServer serves robots.txt for any host name: its client dials the
// server whatever host a URL names, so that tests can use many origins
// without DNS. It counts requests per host.
type hostServer struct {
	srv    *httptest.Server
	client *http.Client

	mu       sync.Mutex
	requests map[string]int
}

func newHostServer(t *testing.T, h func(w http.ResponseWriter, r *http.Request)) *hostServer {
	t.Helper()
	s := &hostServer{requests: make(map[string]int)}
	s.srv = startServer(t, func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.requests[r.Host]++
		s.mu.Unlock()
		h(w, r)
	})
	addr := s.srv.Listener.Addr().String()
	transport := &http.Transport{
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			return (&net.Dialer{}).DialContext(ctx, network, addr)
		},
		MaxIdleConnsPerHost: 100,
	}
	t.Cleanup(transport.CloseIdleConnections)
	s.client = &http.Client{Transport: transport}
	return s
}

func (s *hostServer) count(host string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requests[host]
}

func (s *hostServer) total() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, c := range s.requests {
		n += c
	}
	return n
}

func (s *hostServer) cache() *Cache {
	return &Cache{Fetcher: Fetcher{Client: s.client, UserAgent: fetchAgent, Timeout: 5 * time.Second}}
}

// servePerHostRobots disallows /<first label of the host>/ and /private/.
func servePerHostRobots(w http.ResponseWriter, r *http.Request) {
	label, _, _ := strings.Cut(r.Host, ".")
	fmt.Fprintf(w, "User-agent: *\nDisallow: /private/\nDisallow: /%s/\n", label)
}

// lateWriterStore misses on its first Get, as if another worker's Put of a
// fresh entry landed just after it.
type lateWriterStore struct {
	MemoryStore
	gets atomic.Int32
}

func (s *lateWriterStore) Get(ctx context.Context, origin string) (*CacheEntry, error) {
	if s.gets.Add(1) == 1 {
		fresh := &CacheEntry{Outcome: &Outcome{Status: Parsed, HTTPStatus: 200, Robots: Parse([]byte("User-agent: *\nDisallow: /\n")),
			Lifetime: time.Hour, FetchedAt: time.Now().UTC()}}
		s.MemoryStore.Put(ctx, origin, fresh)
		return nil, nil
	}
	return s.MemoryStore.Get(ctx, origin)
}

// TestCacheFreshEntryStoredMeanwhile checks that a fresh entry another
// worker stored while this one was getting ready to fetch is used, not
// fetched again and overwritten.
func TestCacheFreshEntryStoredMeanwhile(t *testing.T) {
	srv, requests := countingServer(t)
	c := &Cache{Fetcher: *newTestFetcher(), Store: &lateWriterStore{}}
	if c.IsAllowed(context.Background(), fetchAgent, srv.URL+"/public/b") || requests.Load() != 0 {
		t.Errorf("IsAllowed = true after %d requests; want false, the other worker's Disallow: /, after none", requests.Load())
	}
}

// TestCacheOneFetchPerOrigin is the single-request figure: 1,000 goroutines
// ask about one cold origin at once, and one request reaches the server.
func TestCacheOneFetchPerOrigin(t *testing.T) {
	const goroutines = 1000
	var requests atomic.Int32
	srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		time.Sleep(50 * time.Millisecond) // keep the fetch in flight while the others arrive
		io.WriteString(w, fetchRobots)
	})
	cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}}
	start := make(chan struct{})
	var wg sync.WaitGroup
	var wrong atomic.Int32
	for i := range goroutines {
		wg.Go(func() {
			<-start
			c := rulesOfFetchRobots[i%len(rulesOfFetchRobots)]
			if cache.IsAllowed(context.Background(), fetchAgent, srv.URL+c.path) != c.allowed {
				wrong.Add(1)
			}
		})
	}
	close(start)
	wg.Wait()
	if n := requests.Load(); n != 1 {
		t.Errorf("%d goroutines caused %d requests, want 1", goroutines, n)
	}
	if n := wrong.Load(); n != 0 {
		t.Errorf("%d of %d answers were wrong", n, goroutines)
	}
	t.Logf("%d goroutines asking about one cold origin: %d request", goroutines, requests.Load())
}

// RFC 9309 §2.3.1.2: a robots.txt reached by a redirect governs the origin
// asked about. The Cache keeps it under that origin only: the target origin,
// asked about later, has its own robots.txt fetched.
func TestCacheKeepsRedirectUnderOriginAsked(t *testing.T) {
	var targetHits atomic.Int32
	target := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		targetHits.Add(1)
		io.WriteString(w, "User-agent: *\nDisallow: /private\n")
	})
	var sourceHits atomic.Int32
	source := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		sourceHits.Add(1)
		http.Redirect(w, r, target.URL+"/robots.txt", http.StatusMovedPermanently)
	})
	cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}}
	ctx := context.Background()
	if cache.IsAllowed(ctx, fetchAgent, source.URL+"/private") {
		t.Errorf("the redirected file does not govern the origin asked about")
	}
	if h := targetHits.Load(); h != 1 {
		t.Fatalf("asking the source fetched the target's file %d times, want 1", h)
	}
	if cache.IsAllowed(ctx, fetchAgent, target.URL+"/private") {
		t.Errorf("the target's own file does not govern the target")
	}
	if h := targetHits.Load(); h != 2 {
		t.Errorf("asking the target after the source: %d fetches of its file, want 2 (one for each origin)", h)
	}
	cache.IsAllowed(ctx, fetchAgent, source.URL+"/public")
	cache.IsAllowed(ctx, fetchAgent, target.URL+"/public")
	if s, h := sourceHits.Load(), targetHits.Load(); s != 1 || h != 2 {
		t.Errorf("asking both again: source %d and target %d requests, want 1 and 2 (both kept)", s, h)
	}
}

func TestCacheNilContext(t *testing.T) {
	srv := startServer(t, respond(200, fetchRobots))
	cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}}
	for _, c := range rulesOfFetchRobots {
		//lint:ignore SA1012 a nil ctx is context.Background(), as for Fetch
		if got := cache.IsAllowed(nil, fetchAgent, srv.URL+c.path); got != c.allowed {
			t.Errorf("IsAllowed(nil, %q) = %v, want %v", c.path, got, c.allowed)
		}
	}
	//lint:ignore SA1012 a nil ctx is context.Background(), as for Fetch
	if o, err := cache.Outcome(nil, srv.URL+"/"); err != nil || o.Status != Parsed {
		t.Errorf("Outcome(nil, ...) = %v, %v; want a parsed outcome", o, err)
	}
}

// hangingStore is a Store whose calls return only when their ctx ends, but
// for its first free Gets, which find nothing; it counts them.
type hangingStore struct{ free, gets, puts atomic.Int32 }

func (s *hangingStore) Get(ctx context.Context, _ string) (*CacheEntry, error) {
	if s.gets.Add(1) <= s.free.Load() {
		return nil, nil
	}
	<-ctx.Done()
	return nil, ctx.Err()
}

func (s *hangingStore) Put(ctx context.Context, _ string, _ *CacheEntry) error {
	s.puts.Add(1)
	<-ctx.Done()
	return ctx.Err()
}

// failingGetStore is a Store whose Get fails, and counts Puts.
type failingGetStore struct{ puts atomic.Int32 }

func (s *failingGetStore) Get(context.Context, string) (*CacheEntry, error) {
	return nil, errors.New("store down")
}

func (s *failingGetStore) Put(context.Context, string, *CacheEntry) error {
	s.puts.Add(1)
	return nil
}

func TestCacheStoreTrouble(t *testing.T) {
	srv := startServer(t, respond(200, fetchRobots))
	t.Run("a hanging Store does not hang the origin", func(t *testing.T) {
		store := &hangingStore{}
		store.free.Store(1)
		c := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent, Timeout: 100 * time.Millisecond}, Store: store}
		short, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
		defer cancel()
		// The caller's own Get finds nothing, and its ctx ends while it
		// waits for the retrieval it started (a Get, the fetch, no Put after
		// the failed Get), which goes on without it, and must end within
		// the Fetcher's Timeout for each step, not stay registered for ever.
		if _, err := c.Outcome(short, srv.URL+"/"); err == nil {
			t.Fatal("Outcome with a hanging Store and a 10 ms ctx: nil error, want ctx's")
		}
		inflight := func() int {
			c.mu.Lock()
			defer c.mu.Unlock()
			return len(c.inflight)
		}
		for deadline := time.Now().Add(10 * time.Second); inflight() > 0 && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
		}
		if n := inflight(); n != 0 {
			t.Errorf("%d retrievals still in flight 10 s after the caller left, want 0", n)
		}
		if n := store.gets.Load(); n < 2 {
			t.Errorf("Store saw %d Gets, want the caller's and the retrieval's", n)
		}
	})
	t.Run("a failed Get is not followed by a Put", func(t *testing.T) {
		store := &failingGetStore{}
		c := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: store}
		if o, err := c.Outcome(context.Background(), srv.URL+"/"); err != nil || o.Status != Parsed {
			t.Fatalf("Outcome = %v, %v; want a parsed outcome", o, err)
		}
		if n := store.puts.Load(); n != 0 {
			t.Errorf("%d Puts after a failed Get, want 0: the stored history is unknown", n)
		}
	})
}

// entryAndErrorStore is a Store whose Get fails, returning an entry too.
type entryAndErrorStore struct{ MemoryStore }

func (s *entryAndErrorStore) Get(ctx context.Context, origin string) (*CacheEntry, error) {
	e, _ := s.MemoryStore.Get(ctx, origin)
	return e, errors.New("store down")
}

// TestCacheGetErrorIsAMiss checks that an entry a failing Get returns with
// its error is not used, whether or not the Cache keeps entries of its own.
func TestCacheGetErrorIsAMiss(t *testing.T) {
	for _, withOwn := range []bool{false, true} {
		srv, requests := countingServer(t)
		allowAll := &CacheEntry{Outcome: &Outcome{Status: Unavailable, HTTPStatus: 404, Lifetime: time.Hour, FetchedAt: time.Now().UTC()}}
		store := &entryAndErrorStore{}
		store.MemoryStore.Put(context.Background(), srv.URL, allowAll)
		c := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: store}
		if withOwn {
			c.keepOwn("http://other.example", allowAll)
		}
		c.IsAllowed(context.Background(), fetchAgent, srv.URL+"/a")
		if n := requests.Load(); n != 1 {
			t.Errorf("keeping entries of its own %v: %d requests, want 1: the entry of a failed Get must not answer", withOwn, n)
		}
	}
}

// failingPutStore is a Store that holds nothing and whose Put fails.
type failingPutStore struct{ gets atomic.Int32 }

func (s *failingPutStore) Get(context.Context, string) (*CacheEntry, error) {
	s.gets.Add(1)
	return nil, nil
}

func (*failingPutStore) Put(context.Context, string, *CacheEntry) error {
	return errors.New("store full")
}

// TestCacheStoreDown: a Store that cannot read or cannot keep an entry must
// not turn every question into a retrieval of robots.txt.
func TestCacheStoreDown(t *testing.T) {
	for _, c := range []struct {
		name  string
		store Store
	}{
		{"Get fails", &failingGetStore{}},
		{"Put fails", &failingPutStore{}},
		{"a nil *MemoryStore", (*MemoryStore)(nil)},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv, requests := countingServer(t)
			cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: c.store}
			for i := range 10 {
				rule := rulesOfFetchRobots[i%len(rulesOfFetchRobots)]
				if got := cache.IsAllowed(context.Background(), fetchAgent, srv.URL+rule.path); got != rule.allowed {
					t.Errorf("IsAllowed(%q) = %v, want %v", rule.path, got, rule.allowed)
				}
			}
			if n := requests.Load(); n != 1 {
				t.Errorf("10 questions with the Store down caused %d requests, want 1", n)
			}
		})
	}
}

// TestCacheCancelledBeforeAsking: a caller whose ctx has ended starts no
// retrieval, which no one would wait for.
func TestCacheCancelledBeforeAsking(t *testing.T) {
	srv, requests := countingServer(t)
	cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if d := cache.Explain(ctx, fetchAgent, srv.URL+"/public/a"); d.Allowed || d.Reason != ReasonNoOutcome {
		t.Errorf("Explain with an ended ctx = %+v, want refused for want of an outcome", d)
	}
	cache.mu.Lock()
	inflight := len(cache.inflight)
	cache.mu.Unlock()
	if inflight != 0 {
		t.Errorf("%d retrievals started for a caller whose ctx had ended, want 0", inflight)
	}
	// Once an origin's outcome is held, an ended ctx still reads it.
	if !cache.IsAllowed(context.Background(), fetchAgent, srv.URL+"/public/a") {
		t.Errorf("IsAllowed(%q) = false, want true", srv.URL+"/public/a")
	}
	if !cache.IsAllowed(ctx, fetchAgent, srv.URL+"/public/a") {
		t.Errorf("IsAllowed with an ended ctx and a fresh outcome held = false, want true")
	}
	if n := requests.Load(); n != 1 {
		t.Errorf("%d requests, want 1 (none for the ended ctx)", n)
	}
}

func TestCacheEntryFresh(t *testing.T) {
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name      string
		fetchedAt time.Time
		lifetime  time.Duration
		floor     time.Duration // Cache.MinLifetime
		want      bool
	}{
		{"within its lifetime", now.Add(-time.Hour), 2 * time.Hour, 0, true},
		{"past its lifetime", now.Add(-3 * time.Hour), 2 * time.Hour, 0, false},
		{"lifetime past 24 h counts as 24 h", now.Add(-100 * time.Hour), 1000 * time.Hour, 0, false},
		{"24 h lifetime still fresh", now.Add(-23 * time.Hour), 1000 * time.Hour, 0, true},
		{"fetched in the future", now.Add(time.Hour), 2 * time.Hour, 0, false},
		{"fetched by a clock 3 s ahead", now.Add(3 * time.Second), 2 * time.Hour, 0, true},
		{"fetched by a clock 5 min ahead", now.Add(maxClockSkew), 2 * time.Hour, 0, true},
		{"fetched by a clock 6 min ahead", now.Add(6 * time.Minute), 2 * time.Hour, 0, false},
		{"negative lifetime", now.Add(-time.Second), -time.Hour, 0, false},
		{"lifetime 0 under a floor", now.Add(-time.Second), 0, time.Minute, true},
		{"lifetime 0 past a floor", now.Add(-2 * time.Minute), 0, time.Minute, false},
		{"a floor below the lifetime changes nothing", now.Add(-3 * time.Hour), 2 * time.Hour, time.Minute, false},
		{"a floor past 24 h counts as 24 h", now.Add(-25 * time.Hour), 0, 1000 * time.Hour, false},
		{"a floor of 24 h", now.Add(-23 * time.Hour), 0, 1000 * time.Hour, true},
		// Stale from the instant FetchedAt+Lifetime on.
		{"at the end of its lifetime", now.Add(-time.Hour), time.Hour, 0, false},
		{"a nanosecond before it", now.Add(-time.Hour + time.Nanosecond), time.Hour, 0, true},
		{"lifetime 0 at once", now, 0, 0, false},
		{"fetched by a clock 5 min and 1 ns ahead", now.Add(maxClockSkew + time.Nanosecond), 2 * time.Hour, 0, false},
		// Outcome.Lifetime and Cache.MinLifetime: a negative one is 0.
		{"negative lifetime under a floor", now.Add(-time.Second), -time.Hour, time.Minute, true},
		{"negative floor", now.Add(-time.Second), 0, -time.Hour, false},
		{"negative floor below the lifetime", now.Add(-time.Second), time.Minute, -time.Hour, true},
	} {
		e := &CacheEntry{Outcome: &Outcome{Status: Parsed, FetchedAt: c.fetchedAt, Lifetime: c.lifetime}}
		if got := e.fresh(now, c.floor); got != c.want {
			t.Errorf("%s: fresh = %v, want %v", c.name, got, c.want)
		}
	}
	// CacheEntry: one whose Outcome is nil is no entry.
	for _, e := range []*CacheEntry{nil, {}, {LastReachable: &Outcome{Status: Parsed, FetchedAt: now, Lifetime: time.Hour}}} {
		if e.fresh(now, time.Hour) {
			t.Errorf("an entry without an Outcome (%+v) is fresh", e)
		}
	}
}

// TestCacheEntryHistoryBounds checks the edges of an entry's history: how
// far ahead a record may be dated and still carry its history on (next,
// merged), and the instant the 30 days run out (deciding).
func TestCacheEntryHistoryBounds(t *testing.T) {
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	down := &Outcome{Status: Unreachable, FetchedAt: at}
	for _, c := range []struct {
		ahead time.Duration
		keep  bool
	}{
		{time.Minute, true},
		{4*time.Minute + 30*time.Second, true},
		{maxClockSkew, true},
		{5*time.Minute + time.Nanosecond, false},
		{7 * time.Minute, false},
	} {
		p := &Outcome{Status: Parsed, FetchedAt: at.Add(c.ahead)}
		if got := (&CacheEntry{Outcome: p}).next(down).LastReachable == p; got != c.keep {
			t.Errorf("next: a reachable outcome dated %v ahead of an Unreachable one carried on: %v, want %v", c.ahead, got, c.keep)
		}
		own := &CacheEntry{Outcome: &Outcome{Status: Parsed, FetchedAt: at.Add(-time.Hour)}}
		ahead := &CacheEntry{Outcome: p}
		if got := own.merged(ahead, at) == ahead; got != c.keep {
			t.Errorf("merged: a record dated %v ahead answered: %v, want %v", c.ahead, got, c.keep)
		}
	}

	const day = 24 * time.Hour
	parsed := &Outcome{Status: Parsed, FetchedAt: at.Add(-40 * day)}
	for _, c := range []struct {
		name   string
		status Status
		since  time.Duration // before at
		want   *Outcome      // nil: the entry's own outcome
	}{
		{"a minute short of 30 days", Unreachable, unreachableGrace - time.Minute, nil},
		{"a nanosecond short of 30 days", Unreachable, unreachableGrace - time.Nanosecond, nil},
		{"exactly 30 days", Unreachable, unreachableGrace, parsed},
		{"31 days", Unreachable, 31 * day, parsed},
		// An UnreachableSince on an outcome that is not Unreachable, which
		// next never writes, counts for nothing.
		{"an Unavailable outcome with a run of 31 days", Unavailable, 31 * day, nil},
		{"a Parsed outcome with a run of 31 days", Parsed, 31 * day, nil},
	} {
		e := &CacheEntry{Outcome: &Outcome{Status: c.status, FetchedAt: at}, LastReachable: parsed, UnreachableSince: at.Add(-c.since)}
		want := c.want
		if want == nil {
			want = e.Outcome
		}
		if got := e.deciding(at); got != want {
			t.Errorf("deciding, %s: %s, want %s", c.name, describeOutcome(got), describeOutcome(want))
		}
	}
}

// TestCacheReadsEntriesMadeInCode checks what Outcome's doc tells a
// crawler's tests: entries built from exported fields alone, of any age, are
// read as fetched ones, so that a stale origin, or one unreachable for 30
// days, can be set up without waiting.
func TestCacheReadsEntriesMadeInCode(t *testing.T) {
	const day = 24 * time.Hour
	now := time.Now().UTC()
	parsed := func(at time.Time, lifetime time.Duration) *Outcome {
		return &Outcome{Status: Parsed, Robots: Parse([]byte("User-agent: *\nDisallow: /stored/\n")), FetchedAt: at, Lifetime: lifetime}
	}
	unreachable := &Outcome{Status: Unreachable, HTTPStatus: 503, FetchedAt: now, Lifetime: time.Hour}
	for _, c := range []struct {
		name     string
		entry    *CacheEntry
		path     string
		allowed  bool
		requests int32
	}{
		{"a fresh parsed outcome decides", &CacheEntry{Outcome: parsed(now.Add(-time.Hour), 2*time.Hour)}, "/stored/a", false, 0},
		{"and allows what it does not refuse", &CacheEntry{Outcome: parsed(now.Add(-time.Hour), 2*time.Hour)}, "/private/a", true, 0},
		{"a stale one is fetched again", &CacheEntry{Outcome: parsed(now.Add(-25*day/24), 24*time.Hour)}, "/private/a", false, 1},
		{"unreachable for 29 days refuses", &CacheEntry{Outcome: unreachable, LastReachable: parsed(now.Add(-40*day), time.Hour), UnreachableSince: now.Add(-29 * day)}, "/private/a", false, 0},
		{"unreachable for 31 days, the last reachable copy decides", &CacheEntry{Outcome: unreachable, LastReachable: parsed(now.Add(-40*day), time.Hour), UnreachableSince: now.Add(-31 * day)}, "/private/a", true, 0},
		{"and refuses what it refuses", &CacheEntry{Outcome: unreachable, LastReachable: parsed(now.Add(-40*day), time.Hour), UnreachableSince: now.Add(-31 * day)}, "/stored/a", false, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv, requests := countingServer(t)
			store := new(MemoryStore)
			origin, _ := Origin(srv.URL)
			store.Put(context.Background(), origin, c.entry)
			cache := &Cache{Fetcher: *newTestFetcher(), Store: store}
			if got := cache.IsAllowed(context.Background(), fetchAgent, srv.URL+c.path); got != c.allowed {
				t.Errorf("IsAllowed(%s) = %v, want %v", c.path, got, c.allowed)
			}
			if n := requests.Load(); n != c.requests {
				t.Errorf("%d requests, want %d", n, c.requests)
			}
		})
	}
}

// slowStore is a MemoryStore whose Gets with a deadline (those around a
// retrieval) return just before it, and whose Puts wait for their ctx to end.
type slowStore struct{ MemoryStore }

func (s *slowStore) Get(ctx context.Context, origin string) (*CacheEntry, error) {
	if d, ok := ctx.Deadline(); ok {
		time.Sleep(time.Until(d) - 10*time.Millisecond)
	}
	return s.MemoryStore.Get(ctx, origin)
}

func (s *slowStore) Put(ctx context.Context, origin string, e *CacheEntry) error {
	<-ctx.Done()
	return ctx.Err()
}

// TestCacheLongestWait checks the bound Store's doc gives a question with no
// deadline of its own: a Get, a retrieval and a Put around it, each cut at
// the Fetcher's Timeout, so at most three Timeouts after its own Get.
func TestCacheLongestWait(t *testing.T) {
	const timeout = 100 * time.Millisecond
	srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done() // the retrieval stalls until Timeout ends it
	})
	cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent, Timeout: timeout}, Store: new(slowStore)}
	start := time.Now()
	d := cache.Explain(context.Background(), fetchAgent, srv.URL+"/a")
	waited := time.Since(start)
	if d.Allowed || d.Reason != ReasonUnreachable {
		t.Errorf("Explain = %v, want disallowed, %v", d, ReasonUnreachable)
	}
	// Each step takes nearly its Timeout: the wait is near three of them,
	// not two (a step left out) nor unbounded.
	if waited < 3*timeout-50*time.Millisecond || waited > 3*timeout+2*time.Second {
		t.Errorf("the question waited %v, want about %v", waited, 3*timeout)
	}
}

// TestCacheStoredParsedWithoutRobots: an entry that says Parsed but lost its
// file (a Store's garbage) refuses, as every other malformed entry does,
// rather than allow everything with "no rule matches".
func TestCacheStoredParsedWithoutRobots(t *testing.T) {
	srv, requests := countingServer(t)
	store := new(MemoryStore)
	origin, _ := Origin(srv.URL)
	store.Put(context.Background(), origin, &CacheEntry{Outcome: &Outcome{Status: Parsed, FetchedAt: time.Now().UTC(), Lifetime: time.Hour}})
	c := &Cache{Fetcher: *newTestFetcher(), Store: store}
	d := c.Explain(context.Background(), fetchAgent, srv.URL+"/public/b")
	if d.Allowed || d.Reason != ReasonUnreachable {
		t.Errorf("Explain = %v, want disallowed, %v", d, ReasonUnreachable)
	}
	if n := requests.Load(); n != 0 {
		t.Errorf("%d requests, want none: the entry is fresh", n)
	}
}

func TestCacheAndStoreNil(t *testing.T) {
	var c *Cache
	ctx := context.Background()
	if c.IsAllowed(ctx, fetchAgent, "https://example.com/") {
		t.Error("(*Cache)(nil).IsAllowed = true, want false")
	}
	if d := c.Explain(ctx, fetchAgent, "https://example.com/"); d.Allowed || d.Reason != ReasonNoOutcome {
		t.Errorf("(*Cache)(nil).Explain = %+v, want refused, no outcome", d)
	}
	if d, ok := c.CrawlDelay(ctx, fetchAgent, "https://example.com/"); ok || d != 0 {
		t.Errorf("(*Cache)(nil).CrawlDelay = %v, %v, want 0, false", d, ok)
	}
	if o, err := c.Outcome(ctx, "https://example.com/"); o != nil || err == nil {
		t.Errorf("(*Cache)(nil).Outcome = %v, %v, want nil and an error", o, err)
	}
	var s *MemoryStore
	if e, err := s.Get(ctx, "https://example.com"); e != nil || err != nil {
		t.Errorf("(*MemoryStore)(nil).Get = %v, %v, want nil, nil", e, err)
	}
	if err := s.Put(ctx, "https://example.com", &CacheEntry{}); err == nil {
		t.Error("(*MemoryStore)(nil).Put = nil, want an error")
	}
	if n := s.Len(); n != 0 {
		t.Errorf("(*MemoryStore)(nil).Len() = %d, want 0", n)
	}
}

func TestCacheManyOrigins(t *testing.T) {
	const origins, perOrigin = 25, 40
	hs := newHostServer(t, func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(20 * time.Millisecond)
		servePerHostRobots(w, r)
	})
	cache := hs.cache()
	start := make(chan struct{})
	var wg sync.WaitGroup
	var wrong atomic.Int32
	for i := range origins * perOrigin {
		wg.Go(func() {
			<-start
			host := fmt.Sprintf("site%d.test", i%origins)
			ctx := context.Background()
			if cache.IsAllowed(ctx, fetchAgent, "http://"+host+"/site"+strconv.Itoa(i%origins)+"/page") ||
				cache.IsAllowed(ctx, fetchAgent, "http://"+host+"/private/x") ||
				!cache.IsAllowed(ctx, fetchAgent, "http://"+host+"/public/x") {
				wrong.Add(1)
			}
		})
	}
	close(start)
	wg.Wait()
	if n := wrong.Load(); n != 0 {
		t.Errorf("%d goroutines got a wrong answer", n)
	}
	for i := range origins {
		host := fmt.Sprintf("site%d.test", i)
		if n := hs.count(host); n != 1 {
			t.Errorf("origin %s was fetched %d times, want 1", host, n)
		}
	}
}

// TestCacheKeepsNoURL checks that the key a Cache keeps an origin under,
// in its Store, is not a part of the URL it was first asked about: a
// MemoryStore kept each origin's first URL whole that way.
func TestCacheKeepsNoURL(t *testing.T) {
	hs := newHostServer(t, servePerHostRobots)
	store := &keyRecorder{}
	cache := hs.cache()
	cache.Store = store
	for _, rawURL := range []string{
		"http://site1.test/" + strings.Repeat("a", 4096),
		"http://Site2.test/x",  // a new string, not a substring
		"http://site3.test:80", // the same
	} {
		if !cache.IsAllowed(context.Background(), fetchAgent, rawURL) {
			t.Fatalf("IsAllowed(%.30q...) = false, want true", rawURL)
		}
		for _, key := range store.keys {
			if p, q := uintptr(unsafe.Pointer(unsafe.StringData(key))), uintptr(unsafe.Pointer(unsafe.StringData(rawURL))); q <= p && p < q+uintptr(len(rawURL)) {
				t.Errorf("the Store was given %q as a part of the URL %.30q...", key, rawURL)
			}
		}
		store.keys = store.keys[:0]
	}
}

// A keyRecorder is a MemoryStore that records the keys it is given to Put.
type keyRecorder struct {
	MemoryStore
	keys []string
}

func (s *keyRecorder) Put(ctx context.Context, origin string, e *CacheEntry) error {
	s.keys = append(s.keys, origin)
	return s.MemoryStore.Put(ctx, origin, e)
}

func TestCacheLifetime(t *testing.T) {
	tests := []struct {
		name         string
		status       int
		cacheControl string
		retryAfter   string
		minLifetime  time.Duration
		asks, want   int
	}{
		{"fresh for an hour", 200, "max-age=3600", "", 0, 5, 1},
		{"24 hours by default", 200, "", "", 0, 5, 1},
		{"max-age=0 is never fresh", 200, "max-age=0", "", 0, 3, 3},
		{"max-age=0 under MinLifetime", 200, "max-age=0", "", time.Minute, 3, 1},
		{"404 kept", 404, "", "", 0, 3, 1},
		{"503 kept for the retry time", 503, "", "", 0, 3, 1},
		{"503 with Retry-After: 0", 503, "", "0", 0, 3, 3},
		{"503 with Retry-After: 0 under MinLifetime", 503, "", "0", time.Minute, 3, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var requests atomic.Int32
			srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
				requests.Add(1)
				if tc.cacheControl != "" {
					w.Header().Set("Cache-Control", tc.cacheControl)
				}
				if tc.retryAfter != "" {
					w.Header().Set("Retry-After", tc.retryAfter)
				}
				w.WriteHeader(tc.status)
				io.WriteString(w, fetchRobots)
			})
			cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, MinLifetime: tc.minLifetime}
			for range tc.asks {
				cache.IsAllowed(context.Background(), fetchAgent, srv.URL+"/page")
			}
			if n := int(requests.Load()); n != tc.want {
				t.Errorf("%d questions caused %d requests, want %d", tc.asks, n, tc.want)
			}
		})
	}
	t.Run("stale entry refetched", func(t *testing.T) {
		srv, requests := countingServer(t)
		store := &MemoryStore{}
		stale := &Outcome{Status: Unavailable, HTTPStatus: 404, Lifetime: time.Hour, FetchedAt: time.Now().Add(-2 * time.Hour)}
		store.Put(context.Background(), srv.URL, &CacheEntry{Outcome: stale})
		cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: store}
		if cache.IsAllowed(context.Background(), fetchAgent, srv.URL+"/private/a") {
			t.Errorf("IsAllowed on a stale allow-all entry = true, want the refetched rules to refuse")
		}
		if requests.Load() != 1 {
			t.Errorf("%d requests, want 1", requests.Load())
		}
	})
}

func TestCacheWaiterCancel(t *testing.T) {
	release := make(chan struct{})
	var requests atomic.Int32
	srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		<-release
		io.WriteString(w, fetchRobots)
	})
	cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}}

	// The first caller gives up while the fetch is in flight.
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	d := cache.Explain(ctx, fetchAgent, srv.URL+"/public/a")
	if d.Allowed || d.Reason != ReasonNoOutcome {
		t.Errorf("Explain after ctx ended = %+v, want refused for want of an outcome", d)
	}
	if _, err := cache.Outcome(ctx, srv.URL+"/public/a"); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Outcome after ctx ended: err = %v, want context.DeadlineExceeded", err)
	}

	// A second caller joins the same fetch, which goes on.
	answer := make(chan bool)
	go func() { answer <- cache.IsAllowed(context.Background(), fetchAgent, srv.URL+"/public/a") }()
	time.Sleep(20 * time.Millisecond)
	close(release)
	if !<-answer {
		t.Errorf("IsAllowed(%q) for the caller that waited = false, want true", srv.URL+"/public/a")
	}
	if n := requests.Load(); n != 1 {
		t.Errorf("%d requests, want 1: the cancelled caller must not cancel or repeat the fetch", n)
	}
	if cache.IsAllowed(context.Background(), fetchAgent, srv.URL+"/private/a") || requests.Load() != 1 {
		t.Errorf("the fetched outcome was not kept")
	}
}

func TestMemoryStoreLRU(t *testing.T) {
	ctx := context.Background()
	entry := func(status int) *CacheEntry {
		return &CacheEntry{Outcome: &Outcome{Status: Unavailable, HTTPStatus: status}}
	}
	s := &MemoryStore{MaxOrigins: 3}
	s.Put(ctx, "http://a", entry(401))
	s.Put(ctx, "http://b", entry(402))
	s.Put(ctx, "http://c", entry(403))
	s.Get(ctx, "http://a")             // a is now the most recent; b the least
	s.Put(ctx, "http://b", entry(404)) // replacing is a use too: c is now the least
	s.Put(ctx, "http://d", entry(405)) // evicts c
	if s.Len() != 3 {
		t.Errorf("Len() = %d, want 3", s.Len())
	}
	for origin, want := range map[string]int{"http://a": 401, "http://b": 404, "http://c": 0, "http://d": 405} {
		e, err := s.Get(ctx, origin)
		got := 0
		if e != nil {
			got = e.Outcome.HTTPStatus
		}
		if err != nil || got != want {
			t.Errorf("Get(%q) = entry with status %d, %v; want %d, nil", origin, got, err, want)
		}
	}
	// A nil entry drops the origin's, and frees its place.
	s.Put(ctx, "http://b", nil)
	s.Put(ctx, "http://c", nil) // one it does not hold: nothing
	if e, _ := s.Get(ctx, "http://b"); e != nil || s.Len() != 2 {
		t.Errorf("after Put(nil): Get = %v, Len() = %d; want nil, 2", e, s.Len())
	}
	var zero MemoryStore
	for i := range 10010 {
		zero.Put(ctx, fmt.Sprintf("http://o%d", i), entry(404))
	}
	if zero.Len() != 10000 { // as MaxOrigins's doc says
		t.Errorf("zero MemoryStore holds %d origins, want 10,000", zero.Len())
	}
	// What a Cache keeps of its own while its Store fails: 1,000 origins,
	// as Store's doc says.
	var c Cache
	for i := range 1010 {
		c.keepOwn(fmt.Sprintf("http://o%d", i), entry(404))
	}
	if n := c.own.Load().Len(); n != 1000 {
		t.Errorf("a Cache keeps %d origins of its own, want 1,000", n)
	}
}

// TestCacheForget checks that Forget makes the next question about an
// origin fetch its robots.txt again, whether the Cache's Store holds the
// outcome or, its Put failing, the Cache itself does.
func TestCacheForget(t *testing.T) {
	for _, tc := range []struct {
		name    string
		store   Store
		wantErr bool // Forget's: the Store's Put fails
	}{
		{"the default Store", nil, false},
		{"a Store whose Put fails", &failingPutStore{}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, requests := countingServer(t)
			cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: tc.store}
			ctx := context.Background()
			cache.IsAllowed(ctx, fetchAgent, srv.URL+"/a")
			cache.IsAllowed(ctx, fetchAgent, srv.URL+"/b")
			if err := cache.Forget(ctx, srv.URL+"/b"); (err != nil) != tc.wantErr {
				t.Errorf("Forget = %v, want an error %v", err, tc.wantErr)
			}
			cache.IsAllowed(ctx, fetchAgent, srv.URL+"/c")
			cache.IsAllowed(ctx, fetchAgent, srv.URL+"/d")
			if n := requests.Load(); n != 2 {
				t.Errorf("%d requests, want 2: one before Forget, one after", n)
			}
		})
	}
	var nilCache *Cache
	if err := nilCache.Forget(context.Background(), "http://example.com/"); err == nil {
		t.Error("Forget on a nil *Cache: nil error")
	}
	if err := (&Cache{}).Forget(context.Background(), "ftp://example.com/"); !errors.Is(err, ErrNoOrigin) {
		t.Errorf("Forget(ftp URL) = %v, want ErrNoOrigin", err)
	}
}

// TestCacheForgetInFlight checks Forget while a retrieval is in flight: its
// waiter gets its outcome, but a question after Forget starts another, and
// the outcome kept is the later one. The question used to join the first
// retrieval, whose file, fetched before Forget, was then kept for a day.
// Forget's key is the Store's to keep, not a part of the URL.
func TestCacheForgetInFlight(t *testing.T) {
	var requests atomic.Int32
	release := make(chan struct{})
	srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		if requests.Add(1) == 1 {
			<-release
			io.WriteString(w, "User-agent: *\nDisallow: /old\n")
			return
		}
		io.WriteString(w, "User-agent: *\nDisallow: /new\n")
	})
	store := &keyRecorder{}
	cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: store}
	ctx := context.Background()
	first := make(chan bool)
	go func() { first <- cache.IsAllowed(ctx, fetchAgent, srv.URL+"/old") }()
	for requests.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	rawURL := srv.URL + "/" + strings.Repeat("a", 100)
	if err := cache.Forget(ctx, rawURL); err != nil {
		t.Fatal(err)
	}
	if cache.IsAllowed(ctx, fetchAgent, srv.URL+"/new") {
		t.Error("after Forget, /new is allowed: the question joined the retrieval begun before")
	}
	close(release)
	if <-first {
		t.Error("the retrieval begun before Forget did not answer its waiter by its file")
	}
	if cache.IsAllowed(ctx, fetchAgent, srv.URL+"/new") || !cache.IsAllowed(ctx, fetchAgent, srv.URL+"/old") {
		t.Error("the outcome kept is not the one fetched after Forget")
	}
	if n := requests.Load(); n != 2 {
		t.Errorf("%d requests, want 2", n)
	}
	lo := uintptr(unsafe.Pointer(unsafe.StringData(rawURL)))
	for _, key := range store.keys {
		if p := uintptr(unsafe.Pointer(unsafe.StringData(key))); lo <= p && p < lo+uintptr(len(rawURL)) {
			t.Errorf("Forget gave the Store %q as a part of the URL", key)
		}
	}
}

// TestCacheForgetDoesNotWaitForAFetch checks that Forget returns while a
// retrieval it found is still fetching (it waits only for a Put), and that
// a question asked after it starts a retrieval of its own rather than join
// the forgotten one.
func TestCacheForgetDoesNotWaitForAFetch(t *testing.T) {
	var requests atomic.Int32
	entered, release := make(chan struct{}), make(chan struct{})
	srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		if requests.Add(1) == 1 {
			close(entered)
			<-release
		}
		io.WriteString(w, fetchRobots)
	})
	defer close(release)
	ctx := context.Background()
	cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}}
	go cache.IsAllowed(ctx, fetchAgent, srv.URL+"/a")
	<-entered
	forgot := make(chan error, 1)
	go func() { forgot <- cache.Forget(ctx, srv.URL) }()
	if err := within(t, forgot, 5*time.Second, "Forget waited for a retrieval that was still fetching"); err != nil {
		t.Fatal(err)
	}
	answered := make(chan bool, 1)
	go func() { answered <- cache.IsAllowed(ctx, fetchAgent, srv.URL+"/public/b") }()
	within(t, answered, 5*time.Second, "a question asked after Forget joined the forgotten retrieval")
	if n := requests.Load(); n != 2 {
		t.Errorf("%d requests, want 2", n)
	}
}

// within receives from ch, failing t with failure if nothing comes within d.
func within[T any](t *testing.T, ch <-chan T, d time.Duration, failure string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(d):
		t.Fatal(failure)
		var zero T
		return zero
	}
}

// inFlight returns what c holds in flight for origin: a retrieval, a
// Forget, or nil.
func inFlight(c *Cache, origin string) *pendingFetch {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.inflight[origin]
}

// forgetHolding waits until a Forget holds origin in c over prev, what it
// found in flight, and returns its hold.
func forgetHolding(t *testing.T, c *Cache, origin string, prev *pendingFetch) *pendingFetch {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if h := inFlight(c, origin); h != nil && h.forget && h.prev == prev {
			return h
		}
	}
	t.Fatal("no Forget came to hold the origin")
	return nil
}

// twoPutStore is a MemoryStore whose first Put of an entry and first Put of
// nil each say they have begun and wait to be released.
type twoPutStore struct {
	MemoryStore
	entryBegun, entryRelease, nilBegun, nilRelease chan struct{}
	entryOnce, nilOnce                             sync.Once
}

func (s *twoPutStore) Put(ctx context.Context, origin string, e *CacheEntry) error {
	if e != nil {
		s.entryOnce.Do(func() { close(s.entryBegun); <-s.entryRelease })
	} else {
		s.nilOnce.Do(func() { close(s.nilBegun); <-s.nilRelease })
	}
	return s.MemoryStore.Put(ctx, origin, e)
}

// TestCacheForgetHoldsThroughItsPut checks that a Forget which found a
// retrieval storing its outcome, and waited for it, still holds the origin
// while its own nil Put runs, so that no question starts a retrieval
// meanwhile; also when a second Forget, given up on, came between.
func TestCacheForgetHoldsThroughItsPut(t *testing.T) {
	for _, second := range []bool{false, true} {
		t.Run(fmt.Sprint("a second Forget given up on: ", second), func(t *testing.T) {
			var requests atomic.Int32
			srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
				requests.Add(1)
				w.Header().Set("Cache-Control", "max-age=0") // every question would fetch
				io.WriteString(w, fetchRobots)
			})
			store := &twoPutStore{entryBegun: make(chan struct{}), entryRelease: make(chan struct{}), nilBegun: make(chan struct{}), nilRelease: make(chan struct{})}
			cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: store}
			ctx := context.Background()
			origin, _ := Origin(srv.URL)
			go cache.IsAllowed(ctx, fetchAgent, srv.URL+"/a")
			<-store.entryBegun // the retrieval stores its outcome
			retrieval := inFlight(cache, origin)
			forgot := make(chan error, 1)
			go func() { forgot <- cache.Forget(ctx, srv.URL) }()
			hold := forgetHolding(t, cache, origin, retrieval)
			if second {
				ctx2, cancel := context.WithCancel(ctx)
				gaveUp := make(chan error, 1)
				go func() { gaveUp <- cache.Forget(ctx2, srv.URL) }()
				forgetHolding(t, cache, origin, hold)
				cancel()
				if err := <-gaveUp; err == nil {
					t.Fatal("the second Forget returned nil, want ctx's error")
				}
			}
			close(store.entryRelease)
			<-store.nilBegun // the first Forget's own Put
			n := requests.Load()
			asked := make(chan bool, 1)
			go func() { asked <- cache.IsAllowed(ctx, fetchAgent, srv.URL+"/x") }()
			select {
			case <-asked:
			case <-time.After(200 * time.Millisecond):
			}
			if m := requests.Load(); m != n {
				t.Errorf("%d requests while Forget did its Put, want none", m-n)
			}
			close(store.nilRelease)
			if err := within(t, forgot, 10*time.Second, "Forget did not return after its Put"); err != nil {
				t.Fatal(err)
			}
			within(t, asked, 10*time.Second, "the question asked during Forget's Put was never answered")
		})
	}
}

// TestCacheForgetPutContext checks that Forget's Put is given the caller's
// ctx (bounded by the Fetcher's Timeout), as its doc says.
func TestCacheForgetPutContext(t *testing.T) {
	type key struct{}
	store := &ctxRecordingStore{}
	c := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: store}
	if err := c.Forget(context.WithValue(context.Background(), key{}, "caller's"), "http://example.com/"); err != nil {
		t.Fatal(err)
	}
	if store.ctx == nil {
		t.Fatal("Forget made no Put")
	}
	if store.ctx.Value(key{}) != "caller's" {
		t.Error("Forget's Put was not given the caller's ctx")
	}
	if d, ok := store.ctx.Deadline(); !ok || time.Until(d) > 10*time.Second {
		t.Errorf("Forget's Put ctx has deadline %v, %v; want one within the Fetcher's Timeout of 10s", d, ok)
	}
}

// ctxRecordingStore is a MemoryStore that keeps the ctx of its last Put.
type ctxRecordingStore struct {
	MemoryStore
	ctx context.Context
}

func (s *ctxRecordingStore) Put(ctx context.Context, origin string, e *CacheEntry) error {
	s.ctx = ctx
	return s.MemoryStore.Put(ctx, origin, e)
}

// TestCacheForgetDuringPut checks Forget while the retrieval in flight is
// storing its outcome: it waits for that Put, so that its own nil Put comes
// after it, until its ctx ends; a Store whose Put calls Forget (which it
// must not) holds the retrieval only until the Put's ctx ends.
func TestCacheForgetDuringPut(t *testing.T) {
	srv, requests := countingServer(t)
	ctx := context.Background()
	t.Run("a slow Put, waited for", func(t *testing.T) {
		store := newBlockingStore(false)
		cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: store}
		asked := make(chan bool)
		go func() { asked <- cache.IsAllowed(ctx, fetchAgent, srv.URL+"/public/a") }()
		<-store.entered
		forgot := make(chan error)
		go func() { forgot <- cache.Forget(ctx, srv.URL) }()
		close(store.release)
		if err := <-forgot; err != nil {
			t.Errorf("Forget = %v, want nil", err)
		}
		<-asked
		if e, _ := store.MemoryStore.Get(ctx, srv.URL); e != nil {
			t.Error("the outcome forgotten while it was stored is still in the Store")
		}
		before := requests.Load()
		cache.IsAllowed(ctx, fetchAgent, srv.URL+"/public/b")
		if requests.Load() != before+1 {
			t.Error("the question after Forget made no request")
		}
	})
	t.Run("a slow Put, ctx ended first", func(t *testing.T) {
		store := newBlockingStore(false)
		cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: store}
		go cache.IsAllowed(ctx, fetchAgent, srv.URL+"/public/a")
		<-store.entered
		short, cancel := context.WithCancel(ctx)
		cancel()
		if err := cache.Forget(short, srv.URL); !errors.Is(err, context.Canceled) {
			t.Errorf("Forget with an ended ctx = %v, want context.Canceled", err)
		}
		close(store.release)
	})
	t.Run("ctx ended before Forget", func(t *testing.T) {
		store := &MemoryStore{}
		cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: store}
		cache.IsAllowed(ctx, fetchAgent, srv.URL+"/public/a")
		ended, cancel := context.WithCancel(ctx)
		cancel()
		if err := cache.Forget(ended, srv.URL); !errors.Is(err, context.Canceled) {
			t.Errorf("Forget with an ended ctx = %v, want context.Canceled", err)
		}
		if e, _ := store.Get(ctx, srv.URL); e == nil {
			t.Error("Forget with an ended ctx dropped the Store's entry; its error says nothing was dropped")
		}
	})
	t.Run("a Store whose Put calls Forget", func(t *testing.T) {
		store := &forgettingStore{}
		cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent, Timeout: 200 * time.Millisecond}, Store: store}
		store.cache = cache
		asked := make(chan bool)
		go func() { asked <- cache.IsAllowed(ctx, fetchAgent, srv.URL+"/public/a") }()
		select {
		case ok := <-asked:
			if !ok {
				t.Error("IsAllowed = false, want the retrieval's outcome, true")
			}
		case <-time.After(10 * time.Second):
			t.Fatal("IsAllowed has not returned after 10 s: Forget in Put waits for the Put past its ctx")
		}
	})
}

// TestCacheForgetGivenUpTwice checks that two Forgets given up on while a
// retrieval's Put is blocked, the second having found the first holding the
// origin, leave that retrieval in flight: a third Forget must wait for its
// Put before its own. The second used to put back the first's finished hold,
// that is nothing, and the third then returned before the forgotten entry
// was stored (20 runs of 20 before the fix in finish, then unregister).
func TestCacheForgetGivenUpTwice(t *testing.T) {
	srv, requests := countingServer(t)
	store := newBlockingStore(false)
	cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: store}
	ctx := context.Background()
	origin, _ := Origin(srv.URL)
	inflight := func() *pendingFetch { return inFlight(cache, origin) }
	heldOver := func(prev *pendingFetch) *pendingFetch { return forgetHolding(t, cache, origin, prev) }
	asked := make(chan bool)
	go func() { asked <- cache.IsAllowed(ctx, fetchAgent, srv.URL+"/public/a") }()
	<-store.entered // the retrieval's Put has begun
	retrieval := inflight()
	forget := func(ctx context.Context) chan error {
		ch := make(chan error, 1)
		go func() { ch <- cache.Forget(ctx, srv.URL) }()
		return ch
	}
	ctx1, cancel1 := context.WithCancel(ctx)
	first := forget(ctx1)
	hold1 := heldOver(retrieval)
	ctx2, cancel2 := context.WithCancel(ctx)
	second := forget(ctx2)
	heldOver(hold1)
	cancel1()
	if err := <-first; !errors.Is(err, context.Canceled) {
		t.Fatalf("the first Forget = %v, want context.Canceled", err)
	}
	cancel2()
	if err := <-second; !errors.Is(err, context.Canceled) {
		t.Fatalf("the second Forget = %v, want context.Canceled", err)
	}
	if got := inflight(); got != retrieval {
		t.Errorf("after two Forgets given up on, in flight is %p, want the retrieval still storing, %p", got, retrieval)
	}
	third := forget(ctx)
	var err error
	early := false
	select {
	case err = <-third:
		early = true
		t.Errorf("the third Forget returned %v while the retrieval's Put was blocked", err)
	case <-time.After(100 * time.Millisecond):
	}
	close(store.release)
	<-asked
	if !early {
		err = <-third
	}
	if err != nil {
		t.Fatalf("the third Forget = %v", err)
	}
	if e, _ := store.MemoryStore.Get(ctx, origin); e != nil {
		t.Error("after Forget returned nil, the Store holds the forgotten retrieval's entry")
	}
	before := requests.Load()
	cache.IsAllowed(ctx, fetchAgent, srv.URL+"/public/b")
	if requests.Load() != before+1 {
		t.Error("the question after Forget made no request")
	}
	if h := inflight(); h != nil {
		t.Errorf("%p left in flight after everything ended", h)
	}
}

// A stuckNilPutStore is a MemoryStore whose Puts of a nil entry (Forget's)
// end only with their ctx, as a remote Store's Put to a host that has
// stopped answering does.
type stuckNilPutStore struct{ MemoryStore }

func (s *stuckNilPutStore) Put(ctx context.Context, origin string, e *CacheEntry) error {
	if e == nil {
		<-ctx.Done()
		return ctx.Err()
	}
	return s.MemoryStore.Put(ctx, origin, e)
}

// TestCacheForgetPutBounded checks that Forget's own Put, during which it
// holds the origin, is bounded by Fetcher.Timeout as the Cache's Puts are,
// even when the caller's ctx has no deadline: otherwise one Store call that
// never ends would keep every question about the origin waiting.
func TestCacheForgetPutBounded(t *testing.T) {
	srv, requests := countingServer(t)
	cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent, Timeout: 50 * time.Millisecond}, Store: &stuckNilPutStore{}}
	forgot := make(chan error, 1)
	go func() { forgot <- cache.Forget(context.Background(), srv.URL) }()
	select {
	case err := <-forgot:
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("Forget = %v, want the Put's context.DeadlineExceeded", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Forget has not returned after 10 s: its Put is not bounded")
	}
	if _, err := cache.Outcome(context.Background(), srv.URL+"/public/a"); err != nil || requests.Load() != 1 {
		t.Errorf("Outcome after Forget = %v with %d requests, want an outcome fetched once", err, requests.Load())
	}
}

// TestCacheForgetHoldsTheOrigin checks that no retrieval starts while
// Forget runs: a question that would start one waits, then asks anew, so
// that what Forget drops (an unreachable origin's 30-day history here) is
// not read and stored again after it. It did, in 20 runs of 20.
func TestCacheForgetHoldsTheOrigin(t *testing.T) {
	var requests atomic.Int32
	srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		w.Header().Set("Retry-After", "0")
		w.WriteHeader(http.StatusServiceUnavailable)
	})
	now := time.Now()
	old := &CacheEntry{ // unreachable for 40 days, last found unavailable: allows everything
		Outcome:          &Outcome{Status: Unreachable, FetchedAt: now.Add(-2 * time.Hour), Lifetime: time.Minute},
		LastReachable:    &Outcome{Status: Unavailable, HTTPStatus: 404, FetchedAt: now.Add(-41 * 24 * time.Hour), Lifetime: time.Hour},
		UnreachableSince: now.Add(-40 * 24 * time.Hour),
	}
	store := newBlockingStore(true)
	ctx := context.Background()
	store.MemoryStore.Put(ctx, srv.URL, old)
	cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: store}
	forgot := make(chan error)
	go func() { forgot <- cache.Forget(ctx, srv.URL) }()
	<-store.entered // Forget's nil Put has begun
	asked := make(chan bool)
	go func() { asked <- cache.IsAllowed(ctx, fetchAgent, srv.URL+"/x") }()
	select {
	case <-asked:
		t.Fatal("a question answered while Forget held the origin")
	case <-time.After(200 * time.Millisecond):
	}
	if n := requests.Load(); n != 0 {
		t.Fatalf("%d requests while Forget ran, want none", n)
	}
	close(store.release)
	if err := <-forgot; err != nil {
		t.Fatalf("Forget = %v", err)
	}
	if <-asked {
		t.Error("the question after Forget is allowed: it went by the history Forget dropped")
	}
	if e, _ := store.MemoryStore.Get(ctx, srv.URL); e == nil || e.LastReachable != nil || time.Since(e.UnreachableSince) > time.Hour {
		t.Errorf("the Store holds %+v, want a new run of unreachability with no history", e)
	}
}

// A forgettingStore is a MemoryStore whose Put of an entry first has its
// Cache forget the origin.
type forgettingStore struct {
	MemoryStore
	cache *Cache
}

func (s *forgettingStore) Put(ctx context.Context, origin string, e *CacheEntry) error {
	if e != nil {
		s.cache.Forget(ctx, origin)
	}
	return s.MemoryStore.Put(ctx, origin, e)
}

// TestCacheQuestionDuringPut checks what the Cache doc says a question asked
// while a retrieval is in flight gets: until its Put returns, that
// retrieval's outcome, even one whose Lifetime (max-age=0 here) has run out
// by then; the next question fetches again.
func TestCacheQuestionDuringPut(t *testing.T) {
	var requests atomic.Int32
	srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		w.Header().Set("Cache-Control", "max-age=0")
		io.WriteString(w, fetchRobots)
	})
	store := newBlockingStore(false)
	cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: store}
	ctx := context.Background()
	first, second := make(chan *Outcome), make(chan *Outcome)
	go func() { o, _ := cache.Outcome(ctx, srv.URL+"/a"); first <- o }()
	<-store.entered
	joining := &doneSpy{Context: ctx, called: make(chan struct{})}
	go func() { o, _ := cache.Outcome(joining, srv.URL+"/b"); second <- o }()
	<-joining.called // the second question waits for the retrieval in flight
	close(store.release)
	if o1, o2 := <-first, <-second; o1 == nil || o1 != o2 {
		t.Errorf("the question asked during the Put got %v, the first %v; want the same outcome", o2, o1)
	}
	if n := requests.Load(); n != 1 {
		t.Errorf("%d requests for two questions, one during the other's Put; want 1", n)
	}
	cache.Outcome(ctx, srv.URL+"/c")
	if n := requests.Load(); n != 2 {
		t.Errorf("%d requests after the next question; want 2 (max-age=0)", n)
	}
}

// A doneSpy is a Context that closes called when its Done is first asked
// for: a Cache question does so only once it waits for a retrieval (the
// MemoryStore's Get reads no ctx).
type doneSpy struct {
	context.Context
	called chan struct{}
	once   sync.Once
}

func (c *doneSpy) Done() <-chan struct{} {
	c.once.Do(func() { close(c.called) })
	return c.Context.Done()
}

// A blockingStore is a MemoryStore whose first Put of an entry (of a nil
// entry, with nilPuts) closes entered, then waits for release, whatever its
// ctx.
type blockingStore struct {
	MemoryStore
	nilPuts          bool
	entered, release chan struct{}
	once             sync.Once
}

func newBlockingStore(nilPuts bool) *blockingStore {
	return &blockingStore{nilPuts: nilPuts, entered: make(chan struct{}), release: make(chan struct{})}
}

func (s *blockingStore) Put(ctx context.Context, origin string, e *CacheEntry) error {
	if (e == nil) == s.nilPuts {
		s.once.Do(func() {
			close(s.entered)
			<-s.release
		})
	}
	return s.MemoryStore.Put(ctx, origin, e)
}

func TestCacheEviction(t *testing.T) {
	hs := newHostServer(t, servePerHostRobots)
	cache := hs.cache()
	cache.Store = &MemoryStore{MaxOrigins: 2}
	ctx := context.Background()
	for _, host := range []string{"a.test", "b.test", "a.test", "c.test", "a.test", "b.test"} {
		cache.IsAllowed(ctx, fetchAgent, "http://"+host+"/x")
	}
	// b was evicted by c, so it was fetched twice; a stayed.
	for host, want := range map[string]int{"a.test": 1, "b.test": 2, "c.test": 1} {
		if n := hs.count(host); n != want {
			t.Errorf("%s fetched %d times, want %d", host, n, want)
		}
	}
}

// TestCache30DayRule covers RFC 9309 §2.3.1.4 as the Cache applies it.
func TestCache30DayRule(t *testing.T) {
	const day = 24 * time.Hour
	now := time.Now().UTC()
	parsed := &Outcome{Status: Parsed, HTTPStatus: 200, Robots: Parse([]byte(fetchRobots)), Lifetime: day, FetchedAt: now.Add(-40 * day)}
	unavailable := &Outcome{Status: Unavailable, HTTPStatus: 404, Lifetime: day, FetchedAt: now.Add(-40 * day)}
	unreachable := func(since time.Duration) *Outcome {
		return &Outcome{Status: Unreachable, HTTPStatus: 503, Lifetime: time.Hour, FetchedAt: now.Add(-2 * time.Hour)}
	}
	tests := []struct {
		name       string
		seed       *CacheEntry
		status     int // what the server answers now
		checks     []pathCheck
		lastReach  *Outcome
		sinceAbout time.Duration // UnreachableSince is about now minus this; -1: zero
	}{
		{"31 days, last parsed copy kept", &CacheEntry{Outcome: unreachable(31 * day), LastReachable: parsed, UnreachableSince: now.Add(-31 * day)},
			503, rulesOfFetchRobots, parsed, 31 * day},
		{"31 days, last reachable was unavailable", &CacheEntry{Outcome: unreachable(31 * day), LastReachable: unavailable, UnreachableSince: now.Add(-31 * day)},
			503, allowsEverything, unavailable, 31 * day},
		{"31 days, nothing known: unavailable", &CacheEntry{Outcome: unreachable(31 * day), UnreachableSince: now.Add(-31 * day)},
			503, allowsEverything, nil, 31 * day},
		{"30 days and a half, last parsed copy kept", &CacheEntry{Outcome: unreachable(31 * day), LastReachable: parsed, UnreachableSince: now.Add(-30*day - 12*time.Hour)},
			503, rulesOfFetchRobots, parsed, 30*day + 12*time.Hour},
		{"29 days: still refused", &CacheEntry{Outcome: unreachable(29 * day), LastReachable: parsed, UnreachableSince: now.Add(-29 * day)},
			503, refusesAllButRobotsTxt, parsed, 29 * day},
		{"parsed copy goes stale, server fails: a new run begins", &CacheEntry{Outcome: parsed},
			503, refusesAllButRobotsTxt, parsed, 0},
		{"network failures count too", &CacheEntry{Outcome: unreachable(31 * day), LastReachable: parsed, UnreachableSince: now.Add(-31 * day)},
			-1, rulesOfFetchRobots, parsed, 31 * day},
		{"recovered after 31 days", &CacheEntry{Outcome: unreachable(31 * day), UnreachableSince: now.Add(-31 * day)},
			200, rulesOfFetchRobots, nil, -1},
		{"recovered with a 404", &CacheEntry{Outcome: unreachable(31 * day), LastReachable: parsed, UnreachableSince: now.Add(-31 * day)},
			404, allowsEverything, nil, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
				if tc.status < 0 {
					rawResponse("", resetConn)(w, r)
					return
				}
				w.WriteHeader(tc.status)
				io.WriteString(w, fetchRobots)
			})
			store := &MemoryStore{}
			store.Put(context.Background(), srv.URL, tc.seed)
			cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: store}
			for _, c := range tc.checks {
				if got := cache.IsAllowed(context.Background(), fetchAgent, srv.URL+c.path); got != c.allowed {
					t.Errorf("IsAllowed(%q, %q) = %v, want %v", fetchAgent, srv.URL+c.path, got, c.allowed)
				}
			}
			e, _ := store.Get(context.Background(), srv.URL)
			if e.LastReachable != tc.lastReach {
				t.Errorf("LastReachable = %v, want %v", describeOutcome(e.LastReachable), describeOutcome(tc.lastReach))
			}
			switch since := time.Since(e.UnreachableSince); {
			case tc.sinceAbout < 0 && !e.UnreachableSince.IsZero():
				t.Errorf("UnreachableSince = %v, want zero", e.UnreachableSince)
			case tc.sinceAbout >= 0 && (since < tc.sinceAbout || since > tc.sinceAbout+time.Minute):
				t.Errorf("UnreachableSince = %v ago, want about %v ago", since, tc.sinceAbout)
			}
			o, err := cache.Outcome(context.Background(), srv.URL+"/x")
			if err != nil {
				t.Fatalf("Outcome: %v", err)
			}
			switch {
			case tc.sinceAbout < 30*day:
			case tc.lastReach != nil:
				// The last reachable outcome, as it was fetched.
				if o.Status != tc.lastReach.Status || !o.FetchedAt.Equal(tc.lastReach.FetchedAt) || o.Lifetime != tc.lastReach.Lifetime {
					t.Errorf("Outcome = %s fetched %v for %v, want the last reachable one, %s fetched %v for %v",
						describeOutcome(o), o.FetchedAt, o.Lifetime, describeOutcome(tc.lastReach), tc.lastReach.FetchedAt, tc.lastReach.Lifetime)
				}
			default:
				// Unavailable, saying why, with the latest fetch's status and times.
				if o.Status != Unavailable || !strings.Contains(o.Error, "30 days") || o.HTTPStatus != e.Outcome.HTTPStatus ||
					!o.FetchedAt.Equal(e.Outcome.FetchedAt) || o.Lifetime != e.Outcome.Lifetime {
					t.Errorf("Outcome = %s (%q) fetched %v for %v, want unavailable with an error saying why, HTTP %d fetched %v for %v",
						describeOutcome(o), o.Error, o.FetchedAt, o.Lifetime, e.Outcome.HTTPStatus, e.Outcome.FetchedAt, e.Outcome.Lifetime)
				}
				checkErr(t, o)
				if cause := errors.Unwrap(o.Err); cause != nil {
					t.Errorf("Err unwraps to %v, want nothing: no error caused the rule's reading", cause)
				}
			}
		})
	}
}

// TestCache30DaysRunOutDuringTheFetch: the 30-day rule is judged when the
// retrieval has answered, not when the question was asked. The server
// answers its 503 only once the 30 days have passed, so the original
// always allows; code that judged at the question would refuse, unless the
// machine is so slow that the question itself came after the 30 days.
func TestCache30DaysRunOutDuringTheFetch(t *testing.T) {
	t.Parallel()
	const margin = time.Second
	since := time.Now().Add(-unreachableGrace + margin)
	srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(time.Until(since.Add(unreachableGrace + 10*time.Millisecond)))
		w.WriteHeader(http.StatusServiceUnavailable)
	})
	store := &MemoryStore{}
	store.Put(context.Background(), srv.URL, &CacheEntry{
		Outcome:          &Outcome{Status: Unreachable, HTTPStatus: 503, Lifetime: time.Hour, FetchedAt: since},
		UnreachableSince: since,
	})
	cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: store}
	if !cache.IsAllowed(context.Background(), fetchAgent, srv.URL+"/private/x") {
		t.Error("IsAllowed after 30 days of failures, the last of them answered past the 30 days = false, want true: read as unavailable")
	}
}

// TestCacheOldRefusalAndAFreshFailure: the Cache's own record of a refused
// redirect 40 days ago, read together with the Store's first failure a
// minute ago, starts no 30 days: the origin is refused, not allowed.
func TestCacheOldRefusalAndAFreshFailure(t *testing.T) {
	srv := startServer(t, respond(503, ""))
	ctx, now := context.Background(), time.Now().UTC()
	store := &MemoryStore{}
	store.Put(ctx, srv.URL, &CacheEntry{Outcome: &Outcome{Status: Unreachable, HTTPStatus: 503, Lifetime: time.Hour, FetchedAt: now.Add(-time.Minute)}, UnreachableSince: now.Add(-time.Minute)})
	cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: store}
	cache.keepOwn(srv.URL, &CacheEntry{Outcome: &Outcome{Status: Unreachable, Lifetime: time.Hour, FetchedAt: now.Add(-40 * 24 * time.Hour), ownPolicy: true}})
	if cache.IsAllowed(ctx, fetchAgent, srv.URL+"/public/a") {
		t.Error("allowed after a minute of unreachability: an old refusal was counted as the start of the 30 days")
	}
}

// TestCacheRefusedRedirectStartsNoEpisode: a hop the crawler's own
// CheckRedirect refuses is not a server or network error, which are what
// RFC 9309 §2.3.1.4's 30 days are for. It refuses everything however long
// it lasts, keeps the last reachable copy on record, and ends a run of
// Unreachable outcomes: the server's next failure starts another.
func TestCacheRefusedRedirectStartsNoEpisode(t *testing.T) {
	const day = 24 * time.Hour
	ctx := context.Background()
	now := time.Now().UTC()
	var failing atomic.Bool
	srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		if failing.Load() {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		http.Redirect(w, r, "/elsewhere/robots.txt", http.StatusMovedPermanently)
	})
	everything := &Outcome{Status: Parsed, HTTPStatus: 200, Robots: Parse(nil), Lifetime: day, FetchedAt: now.Add(-40 * day)}
	for _, tc := range []struct {
		name          string
		lastReachable *Outcome
	}{
		{"nothing reachable on record", nil},
		{"an allow-all copy on record", everything},
	} {
		t.Run(tc.name, func(t *testing.T) {
			failing.Store(false)
			store := &MemoryStore{}
			// 31 days unreachable, the latest outcome stale.
			store.Put(ctx, srv.URL, &CacheEntry{
				Outcome:          &Outcome{Status: Unreachable, HTTPStatus: 503, Lifetime: time.Hour, FetchedAt: now.Add(-2 * time.Hour)},
				LastReachable:    tc.lastReachable,
				UnreachableSince: now.Add(-31 * day),
			})
			refuse := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return errors.New("policy says no") }}
			cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent, Client: refuse}, Store: store}
			for _, c := range refusesAllButRobotsTxt {
				if got := cache.IsAllowed(ctx, fetchAgent, srv.URL+c.path); got != c.allowed {
					t.Errorf("after a refused redirect, IsAllowed(%q) = %v, want %v", c.path, got, c.allowed)
				}
			}
			e, _ := store.Get(ctx, srv.URL)
			if e.Outcome.Status != Unreachable || !strings.Contains(e.Outcome.Error, "refused by Client.CheckRedirect") ||
				!e.UnreachableSince.IsZero() || e.LastReachable != tc.lastReachable {
				t.Fatalf("entry = %s since %v last reachable %s, want the refusal, no run, the same last reachable %s",
					describeOutcome(e.Outcome), e.UnreachableSince, describeOutcome(e.LastReachable), describeOutcome(tc.lastReachable))
			}

			// The refusal goes stale; the server now fails: a run begins.
			stale := *e.Outcome
			stale.FetchedAt = now.Add(-2 * time.Hour)
			store.Put(ctx, srv.URL, &CacheEntry{Outcome: &stale, LastReachable: e.LastReachable})
			failing.Store(true)
			if cache.IsAllowed(ctx, fetchAgent, srv.URL+"/public/b") {
				t.Errorf("the first failure after a refusal allows /public/b")
			}
			e, _ = store.Get(ctx, srv.URL)
			if e.Outcome.HTTPStatus != 503 || time.Since(e.UnreachableSince) > time.Minute || e.LastReachable != tc.lastReachable {
				t.Errorf("entry = %s since %v last reachable %s, want a 503 whose run begins now, the same last reachable",
					describeOutcome(e.Outcome), e.UnreachableSince, describeOutcome(e.LastReachable))
			}
		})
	}
	t.Run("kept by the Cache itself", func(t *testing.T) {
		// The Store cannot take the refusal: the Cache keeps it, and reads
		// it with the Store's 40 days, which it does not continue.
		failing.Store(false)
		store := &readOnlyStore{}
		store.MemoryStore.Put(ctx, srv.URL, &CacheEntry{
			Outcome:          &Outcome{Status: Unreachable, HTTPStatus: 503, Lifetime: time.Hour, FetchedAt: now.Add(-2 * time.Hour)},
			UnreachableSince: now.Add(-40 * day),
		})
		refuse := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return errors.New("policy says no") }}
		cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent, Client: refuse}, Store: store}
		for i := range 2 {
			if cache.IsAllowed(ctx, fetchAgent, srv.URL+"/public/b") {
				t.Errorf("question %d after a refused redirect: IsAllowed(/public/b) = true, want false", i+1)
			}
		}
	})
}

// flakyStore is a MemoryStore whose Get fails while down is set.
type flakyStore struct {
	MemoryStore
	down atomic.Bool
}

func (s *flakyStore) Get(ctx context.Context, origin string) (*CacheEntry, error) {
	if s.down.Load() {
		return nil, errors.New("store down")
	}
	return s.MemoryStore.Get(ctx, origin)
}

// TestCacheHistorySurvivesStoreOutage: what the Cache keeps itself while its
// Store cannot be read was begun without the Store's history, and must not
// be written over it once the Store is back: an origin unreachable for 31
// days, with its last parsed copy on record, keeps answering by that copy.
func TestCacheHistorySurvivesStoreOutage(t *testing.T) {
	const day = 24 * time.Hour
	now := time.Now().UTC()
	srv := startServer(t, respond(503, ""))
	parsed := &Outcome{Status: Parsed, HTTPStatus: 200, Robots: Parse([]byte(fetchRobots)), Lifetime: day, FetchedAt: now.Add(-32 * day)}
	store := &flakyStore{}
	store.Put(context.Background(), srv.URL, &CacheEntry{
		Outcome:       &Outcome{Status: Unreachable, HTTPStatus: 503, Lifetime: time.Hour, FetchedAt: now.Add(-2 * time.Hour)},
		LastReachable: parsed, UnreachableSince: now.Add(-31 * day),
	})
	cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: store}
	ctx := context.Background()

	// While the Store is down, the history is unknown: everything is refused.
	store.down.Store(true)
	if cache.IsAllowed(ctx, fetchAgent, srv.URL+"/public/a") {
		t.Errorf("with the Store down and the origin failing, IsAllowed = true, want false")
	}
	// The Store is back, and what the Cache kept for itself has gone stale.
	store.down.Store(false)
	own, _ := cache.own.Load().Get(ctx, srv.URL)
	if own == nil {
		t.Fatal("the Cache kept nothing for itself while the Store was down")
	}
	aged := *own.Outcome
	aged.FetchedAt = now.Add(-90 * time.Minute) // later than the Store's, and stale
	cache.own.Load().Put(ctx, srv.URL, &CacheEntry{Outcome: &aged, UnreachableSince: own.UnreachableSince})

	checkDecisions := func(when string) {
		t.Helper()
		for _, c := range rulesOfFetchRobots {
			if got := cache.IsAllowed(ctx, fetchAgent, srv.URL+c.path); got != c.allowed {
				t.Errorf("%s: IsAllowed(%q) = %v, want %v (the last parsed copy, after 31 days)", when, c.path, got, c.allowed)
			}
		}
	}
	checkDecisions("the Store back")
	e, _ := store.Get(ctx, srv.URL)
	if e.LastReachable != parsed || now.Sub(e.UnreachableSince) < 31*day {
		t.Errorf("stored history: LastReachable %s, unreachable since %v ago; want the parsed copy, 31 days",
			describeOutcome(e.LastReachable), now.Sub(e.UnreachableSince))
	}
	if n := cache.own.Load().Len(); n != 0 {
		t.Errorf("the Cache still keeps %d entries of its own once the Store took the origin's, want 0", n)
	}
}

// TestCacheEntryMerged: the Store's entry and the Cache's own, each of which
// may have missed outcomes the other saw, are read together.
func TestCacheEntryMerged(t *testing.T) {
	const day = 24 * time.Hour
	now := time.Now().UTC()
	at := func(ago time.Duration, status Status) *Outcome {
		return &Outcome{Status: status, Lifetime: time.Hour, FetchedAt: now.Add(-ago)}
	}
	parsed32, parsed3, parsedNow := at(32*day, Parsed), at(3*day, Parsed), at(30*time.Minute, Parsed)
	down2h, down1h := at(2*time.Hour, Unreachable), at(time.Hour, Unreachable)
	refused := &Outcome{Status: Unreachable, Lifetime: time.Hour, FetchedAt: now.Add(-time.Hour), ownPolicy: true}
	refused40 := &Outcome{Status: Unreachable, Lifetime: time.Hour, FetchedAt: now.Add(-40 * day), ownPolicy: true}
	refusedJSON := &Outcome{Status: Unreachable, Lifetime: time.Hour, FetchedAt: now.Add(-time.Hour)}
	tests := []struct {
		name       string
		store, own *CacheEntry
		want       *CacheEntry
	}{
		{"nothing of its own", &CacheEntry{Outcome: parsed3}, nil, &CacheEntry{Outcome: parsed3}},
		{"nothing in the Store", nil, &CacheEntry{Outcome: down1h, LastReachable: parsed32, UnreachableSince: now.Add(-31 * day)},
			&CacheEntry{Outcome: down1h, LastReachable: parsed32, UnreachableSince: now.Add(-31 * day)}},
		{"own begun without the Store's history (a failed Get)",
			&CacheEntry{Outcome: down2h, LastReachable: parsed32, UnreachableSince: now.Add(-31 * day)},
			&CacheEntry{Outcome: down1h, UnreachableSince: now.Add(-time.Hour)},
			&CacheEntry{Outcome: down1h, LastReachable: parsed32, UnreachableSince: now.Add(-31 * day)}},
		{"own carried on from the Store's (a failed Put)",
			&CacheEntry{Outcome: parsed32},
			&CacheEntry{Outcome: down1h, LastReachable: parsed32, UnreachableSince: now.Add(-31 * day)},
			&CacheEntry{Outcome: down1h, LastReachable: parsed32, UnreachableSince: now.Add(-31 * day)}},
		{"the Store's newer reachable outcome wins",
			&CacheEntry{Outcome: parsedNow},
			&CacheEntry{Outcome: down1h, LastReachable: parsed32, UnreachableSince: now.Add(-31 * day)},
			&CacheEntry{Outcome: parsedNow}},
		{"own saw it reachable after the Store's run began: a new run",
			&CacheEntry{Outcome: down1h, LastReachable: parsed32, UnreachableSince: now.Add(-31 * day)},
			&CacheEntry{Outcome: parsed3},
			&CacheEntry{Outcome: down1h, LastReachable: parsed3, UnreachableSince: now.Add(-time.Hour)}},
		{"a record dated beyond any clock's skew says nothing",
			&CacheEntry{Outcome: at(-time.Hour, Parsed)},
			&CacheEntry{Outcome: down1h, LastReachable: parsed32, UnreachableSince: now.Add(-31 * day)},
			&CacheEntry{Outcome: down1h, LastReachable: parsed32, UnreachableSince: now.Add(-31 * day)}},
		{"reachable and unreachable at one instant: a run begins there",
			&CacheEntry{Outcome: down1h, LastReachable: parsed32, UnreachableSince: now.Add(-31 * day)},
			&CacheEntry{Outcome: &Outcome{Status: Parsed, FetchedAt: down1h.FetchedAt}},
			nil},
		{"a run begun at the instant of the other's reachable outcome begins there",
			&CacheEntry{Outcome: down1h, UnreachableSince: down2h.FetchedAt},
			&CacheEntry{Outcome: &Outcome{Status: Parsed, FetchedAt: down2h.FetchedAt}},
			nil},
		// A refused redirect is the crawler's own policy (see Cache): the
		// latest, it refuses on its own, and no run of 30 days counts on.
		{"a refused redirect, the latest, continues no run",
			&CacheEntry{Outcome: down2h, UnreachableSince: now.Add(-40 * day)},
			&CacheEntry{Outcome: refused},
			&CacheEntry{Outcome: refused}},
		// At one instant the Store's record counts as the later one: its
		// refusal stays the latest, and continues no run either.
		{"a refused redirect and a failure at one instant: no run",
			&CacheEntry{Outcome: refused},
			&CacheEntry{Outcome: &Outcome{Status: Unreachable, Lifetime: time.Hour, FetchedAt: refused.FetchedAt}, UnreachableSince: now.Add(-40 * day)},
			&CacheEntry{Outcome: refused}},
		// Not the latest, it ends the runs begun before it (see next).
		{"a refused redirect, not the latest, starts no run",
			&CacheEntry{Outcome: down1h, UnreachableSince: now.Add(-time.Hour)},
			&CacheEntry{Outcome: refused40},
			&CacheEntry{Outcome: down1h, UnreachableSince: now.Add(-time.Hour)}},
		{"a refused redirect, not the latest, ends an earlier run",
			&CacheEntry{Outcome: down1h, UnreachableSince: now.Add(-45 * day)},
			&CacheEntry{Outcome: refused40},
			&CacheEntry{Outcome: down1h, UnreachableSince: now.Add(-time.Hour)}},
		// A Store's JSON does not keep the outcome's mark: the entry's
		// missing UnreachableSince says it.
		{"a refused redirect read back from JSON, the latest",
			&CacheEntry{Outcome: refusedJSON},
			&CacheEntry{Outcome: down2h, LastReachable: parsed32, UnreachableSince: now.Add(-35 * day)},
			&CacheEntry{Outcome: refusedJSON, LastReachable: parsed32}},
		{"both unreachable, nothing reachable known: the earlier run",
			&CacheEntry{Outcome: down2h, UnreachableSince: now.Add(-40 * day)},
			&CacheEntry{Outcome: down1h, UnreachableSince: now.Add(-time.Hour)},
			&CacheEntry{Outcome: down1h, UnreachableSince: now.Add(-40 * day)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.store.merged(tc.own, now)
			if tc.want == nil { // a tie: the run is taken to begin at the reachable outcome's instant
				if at := tc.own.Outcome.FetchedAt; got.Outcome != down1h || got.LastReachable != tc.own.Outcome || !got.UnreachableSince.Equal(at) {
					t.Errorf("merged = %s, last reachable %s, unreachable since %v; want the Store's outcome, the Cache's, since %v",
						describeOutcome(got.Outcome), describeOutcome(got.LastReachable), got.UnreachableSince, at)
				}
				return
			}
			if got.Outcome != tc.want.Outcome || got.LastReachable != tc.want.LastReachable || !got.UnreachableSince.Equal(tc.want.UnreachableSince) {
				t.Errorf("merged = %s, last reachable %s, unreachable since %v; want %s, %s, %v",
					describeOutcome(got.Outcome), describeOutcome(got.LastReachable), got.UnreachableSince,
					describeOutcome(tc.want.Outcome), describeOutcome(tc.want.LastReachable), tc.want.UnreachableSince)
			}
		})
	}
	future := &CacheEntry{Outcome: at(-time.Hour, Parsed)}
	for _, own := range []*CacheEntry{nil, {Outcome: at(-2*time.Hour, Unreachable)}} { // nothing, or another record dated ahead
		if got := future.merged(own, now); got != nil {
			t.Errorf("a record dated an hour ahead merged with %v = %s, want nil: nothing usable", own, describeOutcome(got.Outcome))
		}
	}
}

// TestCacheEntryMergedExhaustive checks merged against what the outcomes
// both records saw say together: over every timeline of up to five
// outcomes (each Parsed, Unavailable, Unreachable or a redirect the
// crawler's CheckRedirect refused, days apart) and every two subsets of it,
// one seen by the Store and one by the Cache itself, each folded by next as
// the Cache builds its entries, the merge of the two must have the latest
// outcome and the latest reachable one of their union, and refuse whenever
// the union's fold refuses, at any time after: a merge may refuse for
// longer than the union would, never for less. The Store's record is tried
// as kept in memory and as read back from JSON, where a refusal keeps only
// its missing UnreachableSince.
func TestCacheEntryMergedExhaustive(t *testing.T) {
	t.Parallel()
	const day = 24 * time.Hour
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	days := []time.Duration{0, 12 * day, 25 * day, 33 * day, 45 * day}
	statuses := []Status{Parsed, Unavailable, Unreachable, refusedStatus}
	later := []time.Duration{0, day, 18 * day, 29 * day, 31 * day, 46 * day, 80 * day}
	fold := func(timeline []*Outcome, seen uint) *CacheEntry {
		var e *CacheEntry
		for i, o := range timeline {
			if seen&(1<<i) != 0 {
				e = e.next(o)
			}
		}
		return e
	}
	// same tells outcomes apart by when they were fetched, each at its own
	// time, since a copy read from JSON is another pointer.
	same := func(a, b *Outcome) bool {
		return a == nil && b == nil || a != nil && b != nil && a.FetchedAt.Equal(b.FetchedAt)
	}
	cases, hidden := 0, 0
	for n := 1; n <= len(days); n++ {
		timeline := make([]*Outcome, n)
		for code := 0; code < pow(len(statuses), n); code++ {
			for i, c := 0, code; i < n; i, c = i+1, c/len(statuses) {
				o := &Outcome{Status: statuses[c%len(statuses)], FetchedAt: start.Add(days[i])}
				if o.Status == refusedStatus {
					o.Status, o.ownPolicy = Unreachable, true
				}
				timeline[i] = o
			}
			now := timeline[n-1].FetchedAt
			folds := make([]*CacheEntry, 1<<n)
			stored := make([]*CacheEntry, 1<<n) // as a Store gives it back
			for a := range folds {
				folds[a] = fold(timeline, uint(a))
				if e := folds[a]; e != nil {
					c := *e
					o := *e.Outcome
					o.ownPolicy = false
					c.Outcome = &o
					stored[a] = &c
				}
			}
			for a := range folds {
				for b := range folds {
					want := folds[a|b]
					for _, store := range [...]*CacheEntry{folds[a], stored[a]} {
						cases++
						got := store.merged(folds[b], now)
						if want == nil {
							if got != nil {
								t.Fatalf("nothing seen, merged gives %s", describeOutcome(got.Outcome))
							}
							continue
						}
						// where is written only for a failure: two million cases pass.
						where := func() string {
							return fmt.Sprintf("timeline %v, Store saw %05b (in memory %v), Cache %05b", statusesOf(timeline), a, store == folds[a], b)
						}
						if !same(got.Outcome, want.Outcome) || !same(got.LastReachable, want.LastReachable) {
							t.Fatalf("%s: merged %s, last reachable %s; want %s, %s", where(), describeOutcome(got.Outcome),
								describeOutcome(got.LastReachable), describeOutcome(want.Outcome), describeOutcome(want.LastReachable))
						}
						if hidesRefusal(timeline, a, b) {
							hidden++
							continue
						}
						for _, d := range later {
							if at := now.Add(d); want.deciding(at).Status == Unreachable && got.deciding(at).Status != Unreachable {
								t.Fatalf("%s: %v after the last outcome, merged (unreachable since %v) decides %s, the union (since %v) refuses: allows too soon",
									where(), d, got.UnreachableSince, got.deciding(at).Status, want.UnreachableSince)
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d cases; %d with a refusal only one record knows of, followed by other outcomes, whose runs are not compared", cases, hidden)
}

// hidesRefusal reports whether one of the records that saw the outcomes of
// timeline in subsets a and b saw a refusal, followed by a later outcome,
// that the other did not: a CacheEntry keeps no trace of a refusal once
// another outcome has followed it, so that merged cannot know the refusal
// ended the other record's run (see Cache).
func hidesRefusal(timeline []*Outcome, a, b int) bool {
	last := bits.Len(uint(a|b)) - 1
	for i, o := range timeline {
		if o.ownPolicy && i < last && a>>i&1 != b>>i&1 {
			return true
		}
	}
	return false
}

func pow(b, n int) int {
	p := 1
	for range n {
		p *= b
	}
	return p
}

// refusedStatus stands, in the timelines of the merge tests, for an
// Unreachable outcome of a redirect the crawler's CheckRedirect refused.
const refusedStatus = Status("refused")

// statusesOf returns the statuses of timeline, refusedStatus for a refusal.
func statusesOf(timeline []*Outcome) []Status {
	s := make([]Status, len(timeline))
	for i, o := range timeline {
		s[i] = o.Status
		if o.ownPolicy {
			s[i] = refusedStatus
		}
	}
	return s
}

// readOnlyStore is a MemoryStore, filled by the test, whose Put fails.
type readOnlyStore struct{ MemoryStore }

func (*readOnlyStore) Put(context.Context, string, *CacheEntry) error {
	return errors.New("store read-only")
}

// TestCacheSkewedHistoryDropped: a Store entry dated beyond any clock's
// skew is stale, and its history is not carried on: a failure now begins a
// new run of the 30 days, which refuses everything.
func TestCacheSkewedHistoryDropped(t *testing.T) {
	srv := startServer(t, respond(503, ""))
	now := time.Now().UTC()
	store := &MemoryStore{}
	store.Put(context.Background(), srv.URL, &CacheEntry{
		Outcome:          &Outcome{Status: Unreachable, Lifetime: time.Hour, FetchedAt: now.Add(time.Hour)},
		LastReachable:    &Outcome{Status: Unavailable, FetchedAt: now.Add(-41 * 24 * time.Hour)},
		UnreachableSince: now.Add(-40 * 24 * time.Hour),
	})
	cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: store}
	if cache.IsAllowed(context.Background(), fetchAgent, srv.URL+"/a") {
		t.Error("IsAllowed = true, want false: a 503 now begins a new run")
	}
	e, _ := store.Get(context.Background(), srv.URL)
	if e.LastReachable != nil || now.Sub(e.UnreachableSince) > time.Minute {
		t.Errorf("stored: last reachable %s, unreachable since %v; want none, now", describeOutcome(e.LastReachable), e.UnreachableSince)
	}
}

// TestCacheOwnReadWithFreshStore: what the Cache saw itself is read with the
// Store's entry even when that entry is fresh, for it may know more; and a
// Store entry dated beyond any clock's skew does not hide it.
func TestCacheOwnReadWithFreshStore(t *testing.T) {
	const day = 24 * time.Hour
	ctx := context.Background()
	t.Run("another worker's fresh 31 days, this Cache's parsed copy a minute old", func(t *testing.T) {
		srv := startServer(t, respond(503, ""))
		now := time.Now().UTC()
		store := &readOnlyStore{}
		store.MemoryStore.Put(ctx, srv.URL, &CacheEntry{
			Outcome:          &Outcome{Status: Unreachable, HTTPStatus: 503, Lifetime: time.Hour, FetchedAt: now},
			LastReachable:    &Outcome{Status: Parsed, Robots: Parse([]byte("User-agent: *\nDisallow: /private/\n")), FetchedAt: now.Add(-32 * day)},
			UnreachableSince: now.Add(-31 * day),
		})
		cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: store}
		cache.keepOwn(srv.URL, &CacheEntry{Outcome: &Outcome{Status: Parsed, Robots: Parse([]byte(fetchRobots)), Lifetime: time.Hour, FetchedAt: now.Add(-time.Minute)}})
		// The origin was reachable a minute ago: day 0 of its 30, not 31.
		if cache.IsAllowed(ctx, fetchAgent, srv.URL+"/public/a") {
			t.Errorf("IsAllowed = true, want false: the Cache saw the origin reachable a minute ago")
		}
	})
	t.Run("a Store entry an hour in the future, Put failing", func(t *testing.T) {
		srv, requests := countingServer(t)
		store := &readOnlyStore{}
		store.MemoryStore.Put(ctx, srv.URL, &CacheEntry{Outcome: &Outcome{Status: Parsed, Robots: Parse(nil), Lifetime: time.Hour, FetchedAt: time.Now().Add(time.Hour)}})
		cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: store}
		for i := range 10 {
			c := rulesOfFetchRobots[i%len(rulesOfFetchRobots)]
			if got := cache.IsAllowed(ctx, fetchAgent, srv.URL+c.path); got != c.allowed {
				t.Errorf("IsAllowed(%q) = %v, want %v", c.path, got, c.allowed)
			}
		}
		if n := requests.Load(); n != 1 {
			t.Errorf("10 questions caused %d requests, want 1", n)
		}
	})
}

// TestCacheFreshDoesNotAllocate: a question answered by a fresh entry
// allocates nothing, also once the Cache keeps entries of its own (for
// other origins) after a Store failure.
func TestCacheFreshDoesNotAllocate(t *testing.T) {
	srv := startServer(t, respond(200, fetchRobots))
	cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}}
	ctx := context.Background()
	u := srv.URL + "/public/a"
	if !cache.IsAllowed(ctx, fetchAgent, u) {
		t.Fatalf("IsAllowed(%q) = false, want true", u)
	}
	ask := func() {
		if !cache.IsAllowed(ctx, fetchAgent, u) {
			t.Fatalf("IsAllowed(%q) = false, want true", u)
		}
	}
	if n := testing.AllocsPerRun(100, ask); n != 0 {
		t.Errorf("a fresh entry: %v allocations a question, want 0", n)
	}
	cache.keepOwn("https://other.example", &CacheEntry{Outcome: &Outcome{Status: Unavailable, FetchedAt: time.Now()}})
	if n := testing.AllocsPerRun(100, ask); n != 0 {
		t.Errorf("a fresh entry, the Cache keeping another origin's: %v allocations a question, want 0", n)
	}
	// Fresh only by MinLifetime ("Cache-Control: max-age=0"): answered as
	// directly, without going through a retrieval's bookkeeping.
	srv0 := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "max-age=0")
		io.WriteString(w, fetchRobots)
	})
	cache0 := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, MinLifetime: time.Minute}
	u0 := srv0.URL + "/public/a"
	cache0.IsAllowed(ctx, fetchAgent, u0)
	if n := testing.AllocsPerRun(100, func() { cache0.IsAllowed(ctx, fetchAgent, u0) }); n != 0 {
		t.Errorf("an entry fresh by MinLifetime: %v allocations a question, want 0", n)
	}
}

// TestCacheRunAfterItsOutcome: an entry whose run of Unreachable outcomes
// begins after its own outcome, which no Cache writes (a Store's entry
// edited by hand, say), carries no history, as one dated too far ahead
// does: a run dated years ahead would keep the 30-day rule from ever
// applying to the origin.
func TestCacheRunAfterItsOutcome(t *testing.T) {
	now := time.Now().UTC()
	parsed := &Outcome{Status: Parsed, Robots: Parse([]byte("User-agent: *\nDisallow: /private/\n")), FetchedAt: now.Add(-40 * 24 * time.Hour), Lifetime: time.Hour}
	failed := &Outcome{Status: Unreachable, HTTPStatus: 503, FetchedAt: now.Add(-2 * time.Hour), Lifetime: time.Hour}
	for _, tc := range []struct {
		name  string
		since time.Time
		keeps bool // the history
	}{
		{"a run that began before its outcome", now.Add(-31 * 24 * time.Hour), true},
		{"a run that began with its outcome", failed.FetchedAt, true},
		{"a run that begins after its outcome", failed.FetchedAt.Add(time.Second), false},
		{"a run that begins years ahead", now.AddDate(10, 0, 0), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := &CacheEntry{Outcome: failed, LastReachable: parsed, UnreachableSince: tc.since}
			if e.usable(now) != tc.keeps {
				t.Errorf("usable = %v, want %v", e.usable(now), tc.keeps)
			}
			again := &Outcome{Status: Unreachable, HTTPStatus: 503, FetchedAt: now, Lifetime: time.Hour}
			n := e.next(again)
			if got := n.LastReachable == parsed && n.UnreachableSince.Equal(tc.since); got != tc.keeps {
				t.Errorf("next: last reachable %s, unreachable since %v; want the history kept: %v", describeOutcome(n.LastReachable), n.UnreachableSince, tc.keeps)
			}
			if !tc.keeps && (n.LastReachable != nil || !n.UnreachableSince.Equal(now)) {
				t.Errorf("next: last reachable %s, unreachable since %v; want a new run from %v", describeOutcome(n.LastReachable), n.UnreachableSince, now)
			}
			// Through a Cache: a 503 again; 31 days unreachable decide by
			// the parsed copy, a run that cannot be by the 503.
			srv := startServer(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(503) })
			store := &MemoryStore{}
			store.Put(context.Background(), srv.URL, &CacheEntry{Outcome: failed, LastReachable: parsed, UnreachableSince: tc.since})
			cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: store}
			wantPublic := tc.keeps && now.Sub(tc.since) >= unreachableGrace
			if got := cache.IsAllowed(context.Background(), fetchAgent, srv.URL+"/public"); got != wantPublic {
				t.Errorf("IsAllowed(/public) = %v, want %v", got, wantPublic)
			}
			if cache.IsAllowed(context.Background(), fetchAgent, srv.URL+"/private/x") {
				t.Error("IsAllowed(/private/x) = true, want false")
			}
		})
	}
}

// TestCacheHistoryWithoutPut: with a Store that cannot keep anything, the
// Cache's own entries carry an unreachable origin's history from one
// retrieval to the next, and once the Store holds nothing for the origin
// again, the Cache's own history still decides.
func TestCacheHistoryWithoutPut(t *testing.T) {
	var status atomic.Int32
	status.Store(200)
	srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(int(status.Load()))
		io.WriteString(w, fetchRobots)
	})
	cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: &failingPutStore{}}
	ctx := context.Background()
	const step = 2 * maxLifetime
	age := func() { // makes the Cache's own entry stale, as time would: its dates all move back
		own, _ := cache.own.Load().Get(ctx, srv.URL)
		aged := *own
		o := *own.Outcome
		o.FetchedAt = o.FetchedAt.Add(-step)
		aged.Outcome = &o
		if !aged.UnreachableSince.IsZero() {
			aged.UnreachableSince = aged.UnreachableSince.Add(-step)
		}
		cache.own.Load().Put(ctx, srv.URL, &aged)
	}
	cache.IsAllowed(ctx, fetchAgent, srv.URL+"/")
	status.Store(503)
	var firstFailure time.Time
	for i := range 3 {
		age()
		firstFailure = firstFailure.Add(-step)
		cache.IsAllowed(ctx, fetchAgent, srv.URL+"/")
		own, _ := cache.own.Load().Get(ctx, srv.URL)
		if own.Outcome.Status != Unreachable || own.LastReachable == nil || own.LastReachable.Status != Parsed {
			t.Fatalf("retrieval %d: own entry %s, last reachable %s; want unreachable, the parsed copy kept",
				i+1, describeOutcome(own.Outcome), describeOutcome(own.LastReachable))
		}
		if i == 0 {
			firstFailure = own.UnreachableSince
		} else if !own.UnreachableSince.Equal(firstFailure) {
			t.Errorf("retrieval %d: unreachable since %v, want the first failure's, %v", i+1, own.UnreachableSince, firstFailure)
		}
	}

	// The Store, holding nothing, has no history to prefer: 31 days of the
	// Cache's own decide by its parsed copy.
	own, _ := cache.own.Load().Get(ctx, srv.URL)
	old := *own
	o := *own.Outcome
	o.FetchedAt = time.Now().Add(-2 * time.Hour)
	old.Outcome, old.UnreachableSince = &o, time.Now().Add(-31*24*time.Hour)
	cache.own.Load().Put(ctx, srv.URL, &old)
	for _, c := range rulesOfFetchRobots {
		if got := cache.IsAllowed(ctx, fetchAgent, srv.URL+c.path); got != c.allowed {
			t.Errorf("after 31 days: IsAllowed(%q) = %v, want %v (the parsed copy)", c.path, got, c.allowed)
		}
	}
}

// TestCacheUnsendableUserAgent checks that a UserAgent net/http cannot send
// (a line end read from a file with it) stores nothing: such an outcome
// never reached the origin, and must not start its 30 days of
// unreachability, after which an origin with no history allows everything.
func TestCacheUnsendableUserAgent(t *testing.T) {
	store := &MemoryStore{}
	cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent + "\n", Client: failingClient(t)}, Store: store}
	ctx := context.Background()
	if cache.IsAllowed(ctx, fetchAgent, "https://example.com/page") {
		t.Error("IsAllowed with an unsendable UserAgent = true, want false")
	}
	if _, err := cache.Outcome(ctx, "https://example.com/page"); err == nil || !strings.Contains(err.Error(), "UserAgent") {
		t.Errorf("Outcome with an unsendable UserAgent: err = %v, want one naming UserAgent", err)
	}
	if n := store.Len(); n != 0 {
		t.Errorf("the Store holds %d entries, want none", n)
	}
}

func TestCacheWithoutUserAgent(t *testing.T) {
	cache := &Cache{Fetcher: Fetcher{Client: failingClient(t)}}
	ctx := context.Background()
	if cache.IsAllowed(ctx, fetchAgent, "https://example.com/page") {
		t.Errorf("IsAllowed without a UserAgent = true, want false")
	}
	if _, err := cache.Outcome(ctx, "https://example.com/page"); err == nil || !strings.Contains(err.Error(), "UserAgent") {
		t.Errorf("Outcome without a UserAgent: err = %v, want one naming UserAgent", err)
	}
	if d := cache.Explain(ctx, fetchAgent, "https://example.com/page"); d.Allowed || d.Reason != ReasonNoOutcome {
		t.Errorf("Explain without a UserAgent = %+v, want refused for want of an outcome", d)
	}
	// With no outcome to go by, IsAllowed and Explain agree even on what
	// every outcome allows: they refuse /robots.txt too.
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	// The Cache's fetch goes on after a waiter gives up, past this test's
	// end: its client must not report to t.
	offline := &http.Client{Transport: roundTripFunc(func(*http.Request) (*http.Response, error) {
		return nil, errors.New("offline")
	})}
	withAgent := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent, Client: offline}}
	for _, c := range []struct {
		name   string
		cache  *Cache
		ctx    context.Context
		url    string
		reason Reason
	}{
		{"no UserAgent", cache, ctx, "https://example.com/robots.txt", ReasonNoOutcome},
		{"ctx ended", withAgent, cancelled, "https://example.com/robots.txt", ReasonNoOutcome},
		// The caller's mistake: the origin is not to blame in an audit log.
		{"not http", withAgent, ctx, "ftp://example.com/robots.txt", ReasonInvalidURL},
		{"relative", withAgent, ctx, "/robots.txt", ReasonInvalidURL},
		{"no host", withAgent, ctx, "https:///a", ReasonInvalidURL},
		// Where several apply, as Explain's doc orders them: a nil Cache
		// first, then the URL, then the UserAgent and ctx.
		{"nil Cache, not http", nil, ctx, "ftp://example.com/a", ReasonNoOutcome},
		{"no UserAgent, not http", cache, ctx, "ftp://example.com/a", ReasonInvalidURL},
		{"ctx ended, not http", withAgent, cancelled, "ftp://example.com/a", ReasonInvalidURL},
	} {
		allowed := c.cache.IsAllowed(c.ctx, fetchAgent, c.url)
		d := c.cache.Explain(c.ctx, fetchAgent, c.url)
		if allowed || d.Allowed != allowed || d.Reason != c.reason {
			t.Errorf("%s, %s: IsAllowed = %v, Explain = %+v; want both refused, %v", c.name, c.url, allowed, d, c.reason)
		}
	}
}

func TestCacheCrawlDelay(t *testing.T) {
	srv := startServer(t, respond(200, "User-agent: examplebot\nCrawl-delay: 2.5\nDisallow: /x/\n\nUser-agent: *\nDisallow: /private/\n"))
	cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}}
	ctx := context.Background()
	if d, ok := cache.CrawlDelay(ctx, fetchAgent, srv.URL+"/a"); d != 2500*time.Millisecond || !ok {
		t.Errorf("CrawlDelay(%q) = %v, %v, want 2.5s, true", fetchAgent, d, ok)
	}
	if d, ok := cache.CrawlDelay(ctx, "OtherBot", srv.URL+"/a"); d != 0 || ok {
		t.Errorf("CrawlDelay(%q) = %v, %v, want 0, false", "OtherBot", d, ok)
	}
	if d, ok := cache.CrawlDelay(ctx, fetchAgent, "ftp://example.com/"); d != 0 || ok {
		t.Errorf("CrawlDelay for ftp = %v, %v, want 0, false", d, ok)
	}
	// Without an outcome, (0, false) too, which is not "no delay": Explain
	// refuses and says why.
	var nilCache *Cache
	ended, cancel := context.WithCancel(ctx)
	cancel()
	other := startServer(t, respond(200, "User-agent: *\nCrawl-delay: 9\n"))
	for _, tc := range []struct {
		name   string
		cache  *Cache
		ctx    context.Context
		url    string
		reason Reason
	}{
		{"a nil Cache", nilCache, ctx, srv.URL + "/a", ReasonNoOutcome},
		{"a URL with no origin", cache, ctx, "/a", ReasonInvalidURL},
		{"ctx ended before the retrieval", cache, ended, other.URL + "/a", ReasonNoOutcome},
	} {
		if d, ok := tc.cache.CrawlDelay(tc.ctx, fetchAgent, tc.url); d != 0 || ok {
			t.Errorf("%s: CrawlDelay = %v, %v, want 0, false", tc.name, d, ok)
		}
		if d := tc.cache.Explain(tc.ctx, fetchAgent, tc.url); d.Allowed || d.Reason != tc.reason {
			t.Errorf("%s: Explain = %+v, want refused with %v", tc.name, d, tc.reason)
		}
	}
}

// jsonStore keeps entries as JSON, as a store shared between machines
// would.
type jsonStore struct {
	mu         sync.Mutex
	data       map[string][]byte
	gets, puts int
}

func (s *jsonStore) Get(_ context.Context, origin string) (*CacheEntry, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gets++
	data, ok := s.data[origin]
	if !ok {
		return nil, nil
	}
	var e CacheEntry
	if err := json.Unmarshal(data, &e); err != nil {
		return nil, err
	}
	return &e, nil
}

func (s *jsonStore) Put(_ context.Context, origin string, e *CacheEntry) error {
	data, err := json.Marshal(e)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.puts++
	if s.data == nil {
		s.data = make(map[string][]byte)
	}
	s.data[origin] = data
	return nil
}

func TestCacheSharedStore(t *testing.T) {
	srv, requests := countingServer(t)
	store := &jsonStore{}
	// Two caches stand for two machines sharing the store.
	first := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: store}
	second := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}, Store: store}
	ctx := context.Background()
	for _, cache := range []*Cache{first, second} {
		for _, c := range rulesOfFetchRobots {
			if got := cache.IsAllowed(ctx, fetchAgent, srv.URL+c.path); got != c.allowed {
				t.Errorf("IsAllowed(%q, %q) = %v, want %v", fetchAgent, srv.URL+c.path, got, c.allowed)
			}
		}
	}
	if requests.Load() != 1 || store.puts != 1 {
		t.Errorf("%d requests and %d puts, want 1 of each", requests.Load(), store.puts)
	}
	if data := string(store.data[srv.URL]); !strings.Contains(data, `"status":"parsed"`) || !strings.Contains(data, `Disallow: /private/`) {
		t.Errorf("stored JSON = %s, want the status and the rules readable", data)
	}

	// An audit line names the same line of the served file on every
	// machine, though the stored text has neither its comments nor its
	// order.
	commented := startServer(t, respond(200, "# staff only\n\nUser-agent: *\nCrawl-delay: 5\n# drafts\nDisallow: /drafts/\n"))
	want := first.Explain(ctx, fetchAgent, commented.URL+"/drafts/x")
	if got := second.Explain(ctx, fetchAgent, commented.URL+"/drafts/x"); got != want || got.Line != 6 {
		t.Errorf("Explain through the shared store = %+v, want %+v, line 6", got, want)
	}
}

// TestCacheSeveralBots checks that the agent asked about chooses the groups
// while the request carries Fetcher.UserAgent: one retrieval answers for
// every bot.
func TestCacheSeveralBots(t *testing.T) {
	var requests atomic.Int32
	var sent atomic.Value
	srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		sent.Store(r.Header.Get("User-Agent"))
		io.WriteString(w, "User-agent: newsbot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\n")
	})
	cache := &Cache{Fetcher: Fetcher{UserAgent: fetchAgent}}
	ctx := context.Background()
	for _, tc := range []struct {
		agent, path string
		want        bool
	}{
		{"NewsBot/2.0", "/articles/1", false},
		{"ExampleBot/1.0", "/articles/1", true},
		{"ExampleBot/1.0", "/private/x", false},
		{"ImageBot", "/private/x", false},
		{"ImageBot", "/img/1.png", true},
	} {
		if got := cache.IsAllowed(ctx, tc.agent, srv.URL+tc.path); got != tc.want {
			t.Errorf("IsAllowed(%q, %q) = %v, want %v", tc.agent, tc.path, got, tc.want)
		}
	}
	if n := requests.Load(); n != 1 {
		t.Errorf("%d requests for three bots, want 1", n)
	}
	if got := sent.Load(); got != fetchAgent {
		t.Errorf("robots.txt requested as %q, want Fetcher.UserAgent %q", got, fetchAgent)
	}
}

func TestCacheURLForms(t *testing.T) {
	hs := newHostServer(t, servePerHostRobots)
	cache := hs.cache()
	ctx := context.Background()
	same := []string{
		"http://example.test/a",
		"http://example.test",
		"http://example.test?q",
		"http://example.test#f",
		"HTTP://EXAMPLE.test/b",
		"http://Example.Test:80/c",
		"http://user:pw@example.test/d",
	}
	for _, u := range same {
		if !cache.IsAllowed(ctx, fetchAgent, u) {
			t.Errorf("IsAllowed(%q) = false, want true", u)
		}
	}
	if n := hs.total(); n != 1 {
		t.Errorf("%d forms of one origin caused %d requests, want 1", len(same), n)
	}
	cache.IsAllowed(ctx, fetchAgent, "http://example.test:8080/a")
	if n := hs.count("example.test:8080"); n != 1 {
		t.Errorf("another port: %d requests, want 1", n)
	}
	for _, u := range []string{"ftp://example.test/a", "/relative", "", "mailto:x@example.test", "http:///nohost"} {
		if cache.IsAllowed(ctx, fetchAgent, u) {
			t.Errorf("IsAllowed(%q) = true, want false", u)
		}
		if _, err := cache.Outcome(ctx, u); !errors.Is(err, ErrNoOrigin) {
			t.Errorf("Outcome(%q): err = %v, want ErrNoOrigin", u, err)
		}
	}
	if n := hs.total(); n != 2 {
		t.Errorf("non-http URLs caused requests: %d in all, want 2", n)
	}
}

// TestOriginKey checks the Cache's key of an origin, and Origin, which
// gives it to callers.
func TestOriginKey(t *testing.T) {
	tests := []struct {
		url, want string
		ok        bool
	}{
		{"https://example.com/a/b?c#d", "https://example.com", true},
		{"http://example.com", "http://example.com", true},
		{"http://example.com:8080/x", "http://example.com:8080", true},
		{"http://127.0.0.1:54321/x", "http://127.0.0.1:54321", true},
		{"http://example.com:80/x", "http://example.com", true},
		{"https://example.com:443/x", "https://example.com", true},
		{"https://example.com:80/x", "https://example.com:80", true},
		{"http://example.com:/x", "http://example.com", true},
		{"https://example.com:0443/x", "https://example.com", true},
		{"http://example.com:08080/x", "http://example.com:8080", true},
		{"http://example.com:65535/x", "http://example.com:65535", true},
		{"http://example.com:65536/x", "", false},
		{"http://example.com:abc/x", "", false}, // ErrNoOrigin, where RobotsURL gives net/url's parse error
		{"http://example.com:-1/x", "", false},
		{"http://example.com:123456/x", "", false},
		{"HTTPS://Example.COM/x", "https://example.com", true},
		{"http://u:p@example.com/x", "http://example.com", true},
		{"http://bücher.example/x", "http://xn--bcher-kva.example", true},
		{"http://[::1]:8080/x", "http://[::1]:8080", true},
		{"http://[fe80::1%25en0]/x", "http://[fe80::1%25en0]", true}, // the zone escaped, as RobotsURL writes it
		{"http://[FE80::1%25en0]:80/x", "http://[fe80::1%25en0]", true},
		{"http://[fe80::1%25EN0]/x", "http://[fe80::1%25EN0]", true}, // a zone keeps its case: en0 and EN0 are two interfaces
		{"http://[fe80::1%25%5B]/x", "", false},                      // a '[' in the zone would be written back bare, which url.Parse refuses
		{"http://example.com/%zz", "http://example.com", true},
		{"http://example.com?q=1", "http://example.com", true},
		{"https://example.com#top", "https://example.com", true},
		{"http://z9.example/", "http://z9.example", true},
		{"http://Example.COM./x", "http://example.com.", true}, // a trailing dot is kept: an origin of its own, as to a browser
		{"http://example.com:999/", "http://example.com:999", true},
		// net/url takes these in a host; no authority holds them.
		{"https://ex\"ample.com/x", "", false},
		{"https://example.com<x>/x", "", false},
		{"http://example.com\\x", "", false},
		{"ftp://example.com/", "", false},
		{"/path", "", false},
		{"http://", "", false},
		{"http://:80/", "", false},
		{"", "", false},
	}
	for _, tc := range tests {
		got, ok := originKey(tc.url)
		if got != tc.want || ok != tc.ok {
			t.Errorf("originKey(%q) = %q, %v, want %q, %v", tc.url, got, ok, tc.want, tc.ok)
		}
		// A URL whose origin is already written as the key would be is
		// answered with a part of it, without allocating (IPv6 literals
		// aside: the fast path leaves them to net/url).
		if canonical := tc.ok && strings.HasPrefix(tc.url, tc.want) && !strings.Contains(tc.want, "[") &&
			(len(tc.url) == len(tc.want) || strings.IndexByte("/?#", tc.url[len(tc.want)]) >= 0); canonical {
			if unsafe.StringData(got) != unsafe.StringData(tc.url) {
				t.Errorf("originKey(%q) is not a part of the URL, though it is canonical", tc.url)
			}
		}
		// Origin, exported, is the same key with an error, in memory of
		// its own (a caller keeps it).
		got, err := Origin(tc.url)
		if got != tc.want || (err == nil) != tc.ok {
			t.Errorf("Origin(%q) = %q, %v, want %q, ok %v", tc.url, got, err, tc.want, tc.ok)
		}
		if got != "" && unsafe.StringData(got) == unsafe.StringData(tc.url) {
			t.Errorf("Origin(%q) is a part of the URL", tc.url)
		}
		if err != nil && (!errors.Is(err, ErrNoOrigin) || !strings.HasPrefix(err.Error(), "robots: ")) {
			t.Errorf("Origin(%q): error %q, want a robots: error wrapping ErrNoOrigin", tc.url, err)
		}
		if r, rerr := RobotsURL(tc.url); err == nil && rerr == nil && r != got+"/robots.txt" {
			t.Errorf("Origin(%q) = %q, but RobotsURL gives %q", tc.url, got, r)
		}
	}
}

func TestParseHTTPDate(t *testing.T) {
	now := time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC)
	want := time.Date(1994, 11, 6, 8, 49, 37, 0, time.UTC)
	tests := []struct {
		in   string
		want time.Time // zero: rejected
	}{
		{"Sun, 06 Nov 1994 08:49:37 GMT", want},
		{"Sunday, 06-Nov-94 08:49:37 GMT", want},
		{"Sun Nov  6 08:49:37 1994", want},
		{"Sun Nov 06 08:49:37 1994", want},
		{"sun, 06 nov 1994 08:49:37 gmt", want},
		{"  Sun, 6 Nov 1994 08:49:37 UTC  ", want},
		{"Sun, 06 Nov 1994 08:49:37 UT", want},
		{"Sun, 06 Nov 1994 08:49:37", want},
		{"SUN, 06 NOV 1994 08:49:37 GMT", want},         // names in any case, every letter
		{"Sunz, 06 Nov 1994 08:49:37 GMT", want},        // any word is a weekday: it is not checked
		{", 06 Nov 1994 08:49:37 GMT", time.Time{}},     // no weekday
		{"Sun, 006 Nov 1994 08:49:37 GMT", time.Time{}}, // a day of three digits
		{"Sun, 06 Nov 1994 08:49:61 GMT", time.Time{}},  // 60 is the last second, a leap second
		{"Mon, 06 Nov 1994 08:49:37 GMT", want},         // the weekday is not checked
		{"Thursday, 01-Jan-70 00:00:00 GMT", time.Date(2070, 1, 1, 0, 0, 0, 0, time.UTC)},
		{"Thursday, 01-Jan-75 00:00:00 GMT", time.Date(2075, 1, 1, 0, 0, 0, 0, time.UTC)},
		{"Thursday, 01-Jan-76 00:00:00 GMT", time.Date(1976, 1, 1, 0, 0, 0, 0, time.UTC)},
		{"Thursday, 01-Jan-77 00:00:00 GMT", time.Date(1977, 1, 1, 0, 0, 0, 0, time.UTC)},
		{"Sunday, 01-Jun-75 00:00:00 GMT", time.Date(2075, 6, 1, 0, 0, 0, 0, time.UTC)}, // exactly 50 years ahead
		{"Sunday, 01-Jun-75 00:00:01 GMT", time.Date(1975, 6, 1, 0, 0, 1, 0, time.UTC)}, // a second more
		{"Sunday, 01-Jun-25 00:00:00 GMT", time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC)},
		{"Sunday, 01-Jun-99 00:00:00 GMT", time.Date(1999, 6, 1, 0, 0, 0, 0, time.UTC)},
		{"Tue, 29 Feb 2028 12:00:00 GMT", time.Date(2028, 2, 29, 12, 0, 0, 0, time.UTC)},
		{"Wed, 31 Dec 2025 23:59:60 GMT", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)},
		{"Thu, 29 Feb 2029 12:00:00 GMT", time.Time{}},
		{"Sun, 31 Nov 1994 08:49:37 GMT", time.Time{}},
		{"Sun, 06 Nov 1994 24:00:00 GMT", time.Time{}},
		{"Sun, 06 Nov 1994 08:60:00 GMT", time.Time{}},
		{"Sun, 06 Nov 1994 8:49:37 GMT", time.Time{}},
		{"Sun, 06 Nov 1994 08:49:37 PST", time.Time{}},
		{"Sun, 06 Nov 1994 08:49:37 +0000", time.Time{}},
		{"Sun, 06 Foo 1994 08:49:37 GMT", time.Time{}},
		{"Sun, 00 Nov 1994 08:49:37 GMT", time.Time{}},
		{"Sun, 06 Nov 994 08:49:37 GMT", time.Time{}},
		{"Sun, 06 Nov 1994 08:49:37 GMT trailing", time.Time{}},
		{"Sun Nov  6 08:49:37 94", time.Time{}},
		{"Sun, 06Nov 1994 08:49:37 GMT", time.Time{}},
		{"Sun, 06 Nov1994 08:49:37 GMT", time.Time{}},
		{"Sun, 06 Nov 199408:49:37 GMT", time.Time{}},
		{"Sun, 06 November 1994 08:49:37 GMT", time.Time{}},
		{"Sun, 06 Nov 1994 08-49-37 GMT", time.Time{}},
		{"Sun, 06 Nov 1994 08:49-37 GMT", time.Time{}},
		{"Sun-Nov  6 08:49:37 1994", time.Time{}},
		{"Sun Nov6 08:49:37 1994", time.Time{}},
		{"Sun Nov  6,08:49:37 1994", time.Time{}},
		{"Sun Nov  6 8:49:37 1994", time.Time{}},
		{"Sun Nov  6 08:49:371994", time.Time{}},
		{"1994-11-06T08:49:37Z", time.Time{}},
		{"0", time.Time{}},
		{"-1", time.Time{}},
		{"", time.Time{}},
	}
	for _, tc := range tests {
		got, ok := parseHTTPDate(tc.in, now)
		if ok != !tc.want.IsZero() || !got.Equal(tc.want) {
			t.Errorf("parseHTTPDate(%q) = %v, %v, want %v, %v", tc.in, got, ok, tc.want, !tc.want.IsZero())
		}
	}

	// Late in a century, a two-digit year can also mean the next one.
	late := time.Date(2080, 6, 1, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		in   string
		want time.Time
	}{
		{"Monday, 01-Jun-30 00:00:00 GMT", time.Date(2130, 6, 1, 0, 0, 0, 0, time.UTC)}, // exactly 50 years ahead
		{"Monday, 01-Jun-31 00:00:00 GMT", time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC)}, // 51 would be too many
		{"Monday, 01-Jun-80 00:00:00 GMT", time.Date(2080, 6, 1, 0, 0, 0, 0, time.UTC)},
		{"Monday, 01-Jun-99 00:00:00 GMT", time.Date(2099, 6, 1, 0, 0, 0, 0, time.UTC)},
		{"Monday, 01-Jun-05 00:00:00 GMT", time.Date(2105, 6, 1, 0, 0, 0, 0, time.UTC)},
	} {
		got, ok := parseHTTPDate(tc.in, late)
		if !ok || !got.Equal(tc.want) {
			t.Errorf("parseHTTPDate(%q) in %d = %v, %v, want %v", tc.in, late.Year(), got, ok, tc.want)
		}
	}
}

func TestDeltaSeconds(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"0", 0, true},
		{"120", 2 * time.Minute, true},
		{" 7\t", 7 * time.Second, true},
		{"007", 7 * time.Second, true},
		{"99999999999999999999999999", maxDeltaSeconds * time.Second, true},
		{"", 0, false},
		{"-1", 0, false},
		{"+1", 0, false},
		{"1.5", 0, false},
		{"1 2", 0, false},
		{"0x10", 0, false},
	}
	for _, tc := range tests {
		got, ok := deltaSeconds(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("deltaSeconds(%q) = %v, %v, want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// FuzzLifetimeHeaders feeds any header values to the lifetime parsers.
func FuzzLifetimeHeaders(f *testing.F) {
	f.Add("max-age=3600", "60", "Sun, 06 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 07:49:37 GMT", "120")
	f.Add(`no-cache="a, max-age=1", max-age="30"`, "5, 6", "Sunday, 06-Nov-94 08:49:37 GMT", "", "Sun Nov  6 08:49:37 1994")
	f.Add("max-age=99999999999999999999", "abc", "0", "garbage", "Wed, 31 Dec 2025 23:59:60 GMT")
	f.Add(`max-age="`, `\`, "Thu, 29 Feb 2029 12:00:00 GMT", "Mon Jan  2 15:04:05 2006", "-1")
	now := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, cacheControl, age, expires, date, retryAfter string) {
		h := http.Header{}
		for name, v := range map[string]string{"Cache-Control": cacheControl, "Age": age, "Expires": expires, "Date": date, "Retry-After": retryAfter} {
			if v != "" {
				h[name] = []string{v}
			}
		}
		for name, got := range map[string]time.Duration{"fresh": freshLifetime(h, now), "retry": retryAfterLifetime(h, now)} {
			if got < 0 || got > 24*time.Hour {
				t.Errorf("%s lifetime of %q = %v, want within [0, 24h]", name, h, got)
			}
		}
		if d, ok := deltaSeconds(retryAfter); ok {
			s := strings.Trim(retryAfter, " \t")
			if s == "" || strings.Trim(s, "0123456789") != "" || d < 0 || d > maxDeltaSeconds*time.Second {
				t.Errorf("deltaSeconds(%q) = %v, true", retryAfter, d)
			}
		}
		for _, v := range []string{expires, date, retryAfter} {
			got, ok := parseHTTPDate(v, now)
			if !ok {
				continue
			}
			if got.Location() != time.UTC || got.Nanosecond() != 0 || got.Year() < 0 || got.Year() > 9999 {
				t.Fatalf("parseHTTPDate(%q) = %v", v, got)
			}
			// What it reads, written back in each standard form, reads
			// back the same.
			for _, layout := range []string{http.TimeFormat, time.ANSIC} {
				s := got.Format(layout)
				if back, ok := parseHTTPDate(s, now); !ok || !back.Equal(got) {
					t.Errorf("parseHTTPDate(%q) = %v, %v; it read %v from %q", s, back, ok, got, v)
				}
			}
			// Where the standard library reads the same text, it agrees.
			for _, layout := range []string{http.TimeFormat, time.ANSIC} {
				if std, err := time.Parse(layout, v); err == nil && !std.Equal(got) {
					t.Errorf("parseHTTPDate(%q) = %v, time.Parse = %v", v, got, std)
				}
			}
		}
	})
}

// TestCheckUserAgent pins which user agents a Fetcher refuses to send, and
// why: blank ones say nothing, controls no header value may hold (RFC 9110
// §5.5), and the check that finds them runs on every Cache question.
func TestCheckUserAgent(t *testing.T) {
	tests := []struct {
		name, ua string
		want     string // "" sendable, "blank", or the octet quoted
	}{
		{"empty", "", "blank"},
		{"spaces and tabs", " \t ", "blank"},
		{"product", "ExampleBot/1.0 (+https://example.com/bot)", ""},
		{"tab inside", "Example\tBot", ""},
		{"obs-text", "Bot\x80\xff", ""},
		{"padded", " Bot ", ""},
		{"line end", "ExampleBot\n", `'\n'`},
		{"control only", "\n", `'\n'`},
		{"control among blanks", " \x01 ", `'\x01'`},
		{"NUL", "a\x00b", `'\x00'`},
		{"DEL", "a\x7fb", `'\x7f'`},
		{"first offender named", "a\rb\nc", `'\r'`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := checkUserAgent(tc.ua)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("checkUserAgent(%q) = %v, want nil", tc.ua, err)
			case tc.want == "blank" && !errors.Is(err, errNoUserAgent):
				t.Errorf("checkUserAgent(%q) = %v, want %v", tc.ua, err, errNoUserAgent)
			case tc.want != "" && tc.want != "blank" && (err == nil || !strings.HasSuffix(err.Error(), "holds "+tc.want+", which no header value may")):
				t.Errorf("checkUserAgent(%q) = %v, want it to name %s", tc.ua, err, tc.want)
			}
		})
	}
}

// FuzzOriginKey checks that the allocation-free path of originKey agrees
// with RobotsURL.
func FuzzOriginKey(f *testing.F) {
	for _, s := range []string{"https://example.com/a", "http://a:80/", "http://a:8080", "HTTP://A/", "http://u@a/", "http://[::1]/", "http://bücher.example/", "http://a:/x", "http://a:0x/", "http://-/", "http://a:0443/", "http://a:65536/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, rawURL string) {
		got, ok := originKey(rawURL)
		want, wantOK := slowOriginKey(rawURL)
		if got != want || ok != wantOK {
			t.Errorf("originKey(%q) = %q, %v; RobotsURL gives %q, %v", rawURL, got, ok, want, wantOK)
		}
	})
}

// FuzzFetchPageURL fetches any page URL through a transport that answers
// without a network, and checks what was sent.
func FuzzFetchPageURL(f *testing.F) {
	for _, s := range []string{"https://user:pw@example.com:443/a?b#c", "http://bücher.example/", "ftp://x/", "/x", "http://[::1]:80/", "http://a b/", "http://%41/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pageURL string) {
		var sent []*http.Request
		client := &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
			sent = append(sent, r)
			return &http.Response{StatusCode: 200, Header: http.Header{}, Body: io.NopCloser(strings.NewReader(fetchRobots)), Request: r}, nil
		})}
		o := (&Fetcher{Client: client, UserAgent: fetchAgent}).Fetch(context.Background(), pageURL)
		if o == nil {
			t.Fatalf("Fetch(%q) = nil", pageURL)
		}
		switch o.Status {
		case Parsed, Unreachable:
		default:
			t.Fatalf("Fetch(%q) = %s", pageURL, describeOutcome(o))
		}
		if o.Lifetime < 0 || o.Lifetime > 24*time.Hour {
			t.Errorf("Fetch(%q) lifetime %v", pageURL, o.Lifetime)
		}
		if len(sent) > 1 || len(sent) == 1 && o.Status != Parsed {
			t.Fatalf("Fetch(%q) sent %d requests and gave %s", pageURL, len(sent), describeOutcome(o))
		}
		for _, r := range sent {
			u := r.URL
			if u.Scheme != "http" && u.Scheme != "https" || u.User != nil || u.Path != "/robots.txt" || u.RawQuery != "" || u.Fragment != "" {
				t.Errorf("Fetch(%q) requested %q", pageURL, u)
			}
			if r.Header.Get("Authorization") != "" || r.UserAgent() != fetchAgent {
				t.Errorf("Fetch(%q) sent headers %q", pageURL, r.Header)
			}
			if want, err := RobotsURL(pageURL); err != nil || u.String() != want {
				t.Errorf("Fetch(%q) requested %q, RobotsURL gives %q, %v", pageURL, u, want, err)
			}
		}
	})
}

// FuzzOutcomeJSON feeds UnmarshalJSON what a shared store might hold,
// corrupt or hostile: it must never panic, and an outcome it accepts must
// survive another round trip with the same decisions.
func FuzzOutcomeJSON(f *testing.F) {
	for _, s := range []string{
		`{"status":"parsed","httpStatus":200,"robots":"User-agent: *\nDisallow: /private\n","lifetime":"24h0m0s","fetchedAt":"2026-01-02T03:04:05Z"}`,
		`{"status":"parsed","httpStatus":200,"robotsBytes":"VXNlci1hZ2VudDogKgpEaXNhbGxvdzogL2NhZukK","lifetime":"1h0m0s","fetchedAt":"2026-01-02T03:04:05Z"}`,
		`{"status":"unavailable","httpStatus":404,"lifetime":"24h0m0s","fetchedAt":"0001-01-01T00:00:00Z"}`,
		`{"status":"unreachable","httpStatus":0,"lifetime":"1h0m0s","error":"x","fetchedAt":"0001-01-01T00:00:00Z"}`,
		`{"status":"","httpStatus":0,"lifetime":"0s","fetchedAt":"0001-01-01T00:00:00Z"}`,
		`{"status":"parsed","lifetime":"-5m","robots":null}`, `{}`, `null`, `[1]`, `{"robotsBytes":"!!"}`,
		`{"status":"parsed","httpStatus":200,"robots":"User-agent: *\nCrawl-delay: 1\nDisallow: /private\nAllow: /\n","ruleLines":[4,0],"lifetime":"1h0m0s"}`,
	} {
		f.Add([]byte(s))
	}
	paths := []string{"/", "/private", "/private/x", "/caf%E9", "/robots.txt", "https://example.com/a?b", "relative"}
	f.Fuzz(func(t *testing.T, data []byte) {
		var o Outcome
		if err := json.Unmarshal(data, &o); err != nil {
			return
		}
		checkErr(t, &o)
		out, err := json.Marshal(&o)
		if err != nil {
			t.Fatalf("json.Marshal of an outcome read from %q: %v", data, err)
		}
		var back Outcome
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatalf("json.Unmarshal(%s), written from %q: %v", out, data, err)
		}
		if back.Status != o.Status || back.HTTPStatus != o.HTTPStatus || back.Lifetime != o.Lifetime || back.Error != o.Error {
			t.Errorf("round trip of %q changed the outcome: %s, want %s", data, describeOutcome(&back), describeOutcome(&o))
		}
		for _, agent := range []string{fetchAgent, "OtherBot"} {
			for _, p := range paths {
				if got, want := back.IsAllowed(agent, p), o.IsAllowed(agent, p); got != want {
					t.Errorf("round trip of %q: IsAllowed(%q, %q) = %v, want %v", data, agent, p, got, want)
				}
				// The deciding rule's source line comes back too.
				if got, want := back.Explain(agent, p), o.Explain(agent, p); got != want {
					t.Errorf("round trip of %q: Explain(%q, %q) = %+v, want %+v", data, agent, p, got, want)
				}
				// Compiled, any outcome answers as it does.
				if got, want := o.Agent(agent).Explain(p), o.Explain(agent, p); got != want {
					t.Errorf("outcome of %q: Agent(%q).Explain(%q) = %+v, want the Outcome's %+v", data, agent, p, got, want)
				}
			}
		}
	})
}

// TestDeflateReader checks how the deflate coding is told apart: a zlib
// header (RFC 1950 §2.2: method 8, check bits that make the first two octets
// a multiple of 31) is read as zlib, anything else as raw deflate.
func TestDeflateReader(t *testing.T) {
	const text = "User-agent: *\nDisallow: /\n"
	tests := []struct {
		name    string
		in      string
		want    string
		wantErr error // nil: any error when want is ""
	}{
		{"zlib", string(compressed("deflate", text)), text, nil},
		{"raw deflate", string(compressed("raw-deflate", text)), text, nil},
		// A final stored block of 23 octets starts 01 17: a multiple of 31,
		// but method 1, so not a zlib header.
		{"raw deflate whose first octets pass the check bits", "\x01\x17\x00\xe8\xffUser-agent: *\nAllow: /\n", "User-agent: *\nAllow: /\n", nil},
		// A stored block, not the last, with padding bits after its 3-bit
		// header that are not zero (RFC 1951 §3.2.4 ignores them): 08 17
		// reads as method 8, but fails the check bits, so not zlib either.
		{"raw deflate whose first octet reads as method 8", "\x08\x17\x00\xe8\xffUser-agent: *\nAllow: /\n\x01\x00\x00\xff\xff", "User-agent: *\nAllow: /\n", nil},
		{"zlib with a preset dictionary (78 20)", "\x78\x20\x00\x00\x00\x00" + string(compressed("raw-deflate", text)), "", zlib.ErrDictionary},
		{"zlib with a preset dictionary (78 3f)", "\x78\x3f\xde\xad\xbe\xef" + string(compressed("raw-deflate", text)), "", zlib.ErrDictionary},
		{"a zlib header over a corrupt stream", "\x78\x9c\xff\xff", "", nil},
		{"no header: raw deflate that is not", "not deflate", "", nil},
		{"empty", "", "", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := io.ReadAll(deflateReader(strings.NewReader(tc.in)))
			if tc.want != "" {
				if err != nil || string(got) != tc.want {
					t.Errorf("read %q, %v, want %q", got, err, tc.want)
				}
				return
			}
			if err == nil || tc.wantErr != nil && !errors.Is(err, tc.wantErr) {
				t.Errorf("read %q, %v, want the error %v", got, err, tc.wantErr)
			}
		})
	}
}

// TestReadBodyInnerLayers checks the bounds on what each decoder of a body
// reads: a few KiB whose inner layers decode to endless empty deflate blocks
// fail at once, as does a body sent as such blocks (which a decoder reading
// the network would otherwise read until the Timeout) and a layer read once
// the request's context is done, while a body coded twice is read up to the
// limit, its inner layer longer than that (a gzip member for each line) or
// not.
func TestReadBodyInnerLayers(t *testing.T) {
	t.Parallel()
	// Raw deflate blocks that write nothing: a stored block of no octets,
	// not the last, a million times (5 MiB), then a last empty block.
	empty := bytes.Repeat(emptyBlock, 1<<20)
	member := compressed("gzip", string(empty)) // about 5 KiB
	bomb := compressed("gzip", strings.Repeat(string(member), 1000)+string(compressed("gzip", string(lastEmptyBlock))))
	// Twice as many sent as a decoder may read, then a last empty block.
	blocks := 2 * int(layerBound(DefaultMaxBytes+1)) / len(emptyBlock)
	sent := append(bytes.Repeat(emptyBlock, blocks), lastEmptyBlock...)
	// A gzip member whose deflate stream is those blocks (RFC 1952 §2.3:
	// header, stream, CRC-32 and length of nothing, which are zeros).
	sentGzip := append(append([]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff}, sent...), make([]byte, 8)...)
	text := randomLines(rand.New(rand.NewPCG(1, 2)), 2<<20) // 2 MiB that do not compress much
	// A gzip stream may hold many members (RFC 1952 §2.2): one for each
	// short line makes it about three times as long as the text.
	var lines strings.Builder
	for i := 0; lines.Len() < 300<<10; i++ {
		fmt.Fprintf(&lines, "Allow: /%d\n", i)
	}
	short := lines.String()
	var members bytes.Buffer
	zw := gzip.NewWriter(&members)
	for line := range strings.Lines(short) {
		zw.Reset(&members)
		io.WriteString(zw, line)
		zw.Close()
	}
	if members.Len() < 2*len(short) {
		t.Fatalf("the members are %d octets for %d of text, want at least twice as many", members.Len(), len(short))
	}
	for _, tc := range []struct {
		name, codings string
		body          []byte
		ctx           func() context.Context
		want          error  // nil: the body decodes
		text          string // what it decodes to (cut at the limit)
	}{
		{name: "empty blocks under two gzips", codings: "raw-deflate, gzip, gzip", body: bomb, want: errLayerTooLong},
		{name: "empty blocks sent", codings: "raw-deflate", body: sent, want: errLayerTooLong},
		{name: "gzip of empty blocks sent", codings: "gzip", body: sentGzip, want: errLayerTooLong},
		{name: "gzip over gzip, longer than the limit", codings: "gzip, gzip", body: compressed("gzip, gzip", text), text: text},
		{name: "deflate over gzip, longer than the limit", codings: "gzip, deflate", body: compressed("gzip, deflate", text), text: text},
		{name: "gzip over a gzip member a line", codings: "gzip, gzip", body: compressed("gzip", members.String()), text: short},
		{
			name: "context done", codings: "gzip, gzip", body: compressed("gzip, gzip", text), want: context.Canceled,
			ctx: func() context.Context {
				ctx, cancel := context.WithCancel(context.Background())
				cancel()
				return ctx
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, "/robots.txt", nil)
			if tc.ctx != nil {
				req = req.WithContext(tc.ctx())
			}
			header := http.Header{"Content-Encoding": {strings.ReplaceAll(tc.codings, "raw-deflate", "deflate")}}
			resp := &http.Response{Header: header, Body: io.NopCloser(bytes.NewReader(tc.body)), Request: req}
			got, truncated, err := readBody(resp, DefaultMaxBytes)
			if tc.want != nil {
				if !errors.Is(err, tc.want) {
					t.Fatalf("readBody = %d octets, %v; want error %v", len(got), err, tc.want)
				}
				return
			}
			want := tc.text[:min(len(tc.text), DefaultMaxBytes+1)]
			if err != nil || truncated != (len(tc.text) > DefaultMaxBytes) || string(got) != want {
				t.Fatalf("readBody = %d octets, truncated %v, %v; want the text's first %d octets", len(got), truncated, err, len(want))
			}
		})
	}
}

// TestReadBodyLayerBound checks where the bound on a coded body falls, as
// the Fetch doc gives it: eight times MaxBytes and 1 MiB (and the one
// octet past MaxBytes that tells a truncated body). A raw deflate body of
// a short text padded with empty blocks decodes when it ends a few octets
// short of that, and is a decoding failure a few octets past it.
func TestReadBodyLayerBound(t *testing.T) {
	const maxBytes = 100
	const bound = 8*(maxBytes+1) + 1<<20
	const text = "User-agent: *\nDisallow: /private/\n"
	stored := append([]byte{0, byte(len(text)), 0, ^byte(len(text)), 0xff}, text...) // RFC 1951 §3.2.4, not the last block
	padded := func(size int) []byte {
		b := append([]byte(nil), stored...)
		for len(b)+len(emptyBlock)+len(lastEmptyBlock) <= size {
			b = append(b, emptyBlock...)
		}
		return append(b, lastEmptyBlock...)
	}
	for _, tc := range []struct {
		name string
		body []byte
		want error
	}{
		{"just short of the bound", padded(bound - 8), nil},
		{"just past the bound", padded(bound + 16), errLayerTooLong},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.want == nil && len(tc.body) > bound || tc.want != nil && len(tc.body) <= bound {
				t.Fatalf("the body is %d octets, on the wrong side of %d", len(tc.body), bound)
			}
			req := httptest.NewRequest(http.MethodGet, "/robots.txt", nil)
			resp := &http.Response{Header: http.Header{"Content-Encoding": {"deflate"}}, Body: io.NopCloser(bytes.NewReader(tc.body)), Request: req}
			got, _, err := readBody(resp, maxBytes)
			if !errors.Is(err, tc.want) || tc.want == nil && string(got) != text {
				t.Errorf("readBody of %d octets = %q, %v; want %q, %v", len(tc.body), got, err, text, tc.want)
			}
		})
	}
}

// Raw deflate blocks that write nothing (RFC 1951 §3.2.4): a stored block
// of no octets that is not the last, and a last block, of fixed Huffman
// codes, that holds only its end code.
var (
	emptyBlock     = []byte{0, 0, 0, 0xff, 0xff}
	lastEmptyBlock = []byte{3, 0}
)

// randomLines returns n octets of lines of random letters and digits,
// which compress to about three quarters of their length.
func randomLines(rng *rand.Rand, n int) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/"
	b := make([]byte, n)
	for i := range b {
		if i%64 == 63 {
			b[i] = '\n'
		} else {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
	}
	return string(b)
}

// FuzzReadBody decodes any body under any Content-Encoding: it must never
// panic or read past the limit, it says Truncated only past it (or at it,
// when what came after failed), and an identity body comes back as sent.
func FuzzReadBody(f *testing.F) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("User-agent: *\nDisallow: /x\n"))
	zw.Close()
	for _, seed := range []struct {
		coding string
		body   []byte
	}{
		{"", []byte("User-agent: *\nDisallow: /\n")},
		{"gzip", gz.Bytes()},
		{"x-gzip, identity", gz.Bytes()},
		{"deflate", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01}},
		{"gzip, gzip", gz.Bytes()},
		{"br", []byte("x")},
		{"GZIP", nil},
	} {
		f.Add(seed.coding, seed.body, uint16(64))
	}
	f.Fuzz(func(t *testing.T, coding string, body []byte, limit uint16) {
		maxBytes := int(limit) + 1
		resp := &http.Response{Header: http.Header{}, Body: io.NopCloser(bytes.NewReader(body)), ContentLength: int64(len(body))}
		if coding != "" {
			resp.Header.Set("Content-Encoding", coding)
		}
		got, truncated, err := readBody(resp, maxBytes)
		if err != nil {
			return
		}
		// Truncated with maxBytes octets: cut or damaged right after them.
		if len(got) > maxBytes+1 || truncated && len(got) < maxBytes || !truncated && len(got) > maxBytes {
			t.Fatalf("readBody(%q, %d octets, limit %d) = %d octets, truncated %v", coding, len(body), maxBytes, len(got), truncated)
		}
		if trimOWS(coding) == "" && !bytes.Equal(got, body[:min(len(body), maxBytes+1)]) {
			t.Fatalf("readBody without a coding changed the body: %q, want %q", got, body)
		}
	})
}

// FuzzOutcomeOf reads any octets as the response to a GET of robots.txt
// (net/http's own reader decides what is a response) and checks OutcomeOf's
// table: a known Status, Robots exactly when Parsed, a 2xx Parsed unless its
// body failed, a 4xx but 429 Unavailable, Lifetime within 24 hours and above
// 0 for a failure, and decisions that follow the Status.
func FuzzOutcomeOf(f *testing.F) {
	for _, seed := range []string{
		"HTTP/1.1 200 OK\r\nContent-Length: 26\r\n\r\nUser-agent: *\nDisallow: /\n",
		"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nUser-\r\n0\r\n\r\n",
		"HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 3\r\n\r\nabc",
		"HTTP/1.1 200 OK\r\nContent-Length: 100\r\nCache-Control: max-age=60\r\n\r\nshort",
		"HTTP/1.1 301 Moved\r\nLocation: /elsewhere\r\n\r\n",
		"HTTP/1.1 302 Found\r\nLocation: ftp://x/\r\n\r\n",
		"HTTP/1.1 304 Not Modified\r\n\r\n",
		"HTTP/1.1 404 Not Found\r\nExpires: 0\r\n\r\n",
		"HTTP/1.1 429 Too Many\r\nRetry-After: 120\r\n\r\n",
		"HTTP/1.1 503 Busy\r\nRetry-After: Wed, 21 Oct 2099 07:28:00 GMT\r\n\r\n",
		"HTTP/1.0 200 OK\r\n\r\nUser-agent: *\nDisallow: /private\n",
		"HTTP/1.1 999 Odd\r\n\r\n",
		"HTTP/1.1 499 Client Closed\r\n\r\nUser-agent: *\nDisallow: /\n",
		"garbage",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		req := httptest.NewRequest(http.MethodGet, "http://example.com/robots.txt", nil)
		resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(data)), req)
		o := OutcomeOf(resp, err)
		if o.Status != Parsed && o.Status != Unavailable && o.Status != Unreachable {
			t.Fatalf("Status = %q", o.Status)
		}
		if (o.Robots != nil) != (o.Status == Parsed) {
			t.Fatalf("Robots set: %v, with status %s", o.Robots != nil, o.Status)
		}
		// A failure gets a lifetime above 0; a status may give 0
		// ("Retry-After: 0", "HTTP/1.1 000" with it too).
		failed := err != nil || strings.Contains(o.Error, "reading the body")
		if o.Lifetime < 0 || o.Lifetime > 24*time.Hour || failed && o.Lifetime == 0 {
			t.Fatalf("Lifetime = %v (%s)", o.Lifetime, describeOutcome(o))
		}
		if err == nil {
			code := resp.StatusCode
			switch {
			case 200 <= code && code <= 299 && o.Status != Parsed && !strings.Contains(o.Error, "reading the body"):
				t.Fatalf("a %d gave %s", code, describeOutcome(o))
			case 400 <= code && code <= 499 && code != 429 && o.Status != Unavailable:
				t.Fatalf("a %d gave %s", code, describeOutcome(o))
			}
			// A body read from memory, neither framed nor coded, cannot
			// fail: such a 2xx is parsed.
			plain := resp.ContentLength < 0 && len(resp.TransferEncoding) == 0 && len(resp.Header.Values("Content-Encoding")) == 0
			if 200 <= code && code <= 299 && plain && o.Status != Parsed {
				t.Fatalf("a plain %d gave %s", code, describeOutcome(o))
			}
		}
		if !o.IsAllowed("ExampleBot", "/robots.txt") {
			t.Fatalf("%s refuses /robots.txt", describeOutcome(o))
		}
		if o.Status != Parsed && o.IsAllowed("ExampleBot", "/x") != (o.Status == Unavailable) {
			t.Fatalf("%s decides /x as %v", describeOutcome(o), o.IsAllowed("ExampleBot", "/x"))
		}
	})
}

// TestFetchPageURLCredentials checks that an outcome's Error never quotes
// the credentials of a page URL that is refused, whether it parses or not.
func TestFetchPageURLCredentials(t *testing.T) {
	for _, tc := range []struct{ name, pageURL string }{
		{"not http", "ftp://user:secret@example.com/page"},
		{"a port past 65535", "http://user:secret@example.com:99999/page"},
		{"a host that cannot be one", "http://user:secret@a<b/page"},
		{"a space in the password", "http://user:se cret@example.com/page"},
		{"'<' in the password", "http://user:se<cret@example.com/page"},
		{"'>' in the password", "http://user:se>cret@example.com/page"},
		{"a quote in the password", "http://user:se\"cret@example.com/page"},
		{"a backquote in the password", "http://user:se`cret@example.com/page"},
		{"a '/' in the password", "http://user:se/cret@example.com/page"},
		{"a '#' in the password", "http://user:se#cret@[::1/page"},
		// url.Parse ends the host at the '/', '?' or '#' and reads the
		// password before it as a port, which its error quotes.
		{"a password ended by '/'", "http://user:secret/x@example.com/page"},
		{"a password ended by '?'", "http://user:secret?x@example.com/page"},
		{"a password ended by '#'", "http://user:secret#x@example.com/page"},
		{"a password ended by '#', the rest not parsing", "http://user:secret#x@[::1/page"},
		{"no slashes after the scheme", "http:user:se cret@example.com/page"},
		{"backslashes after the scheme", "http:\\\\user:se cret@example.com/page"},
		{"three slashes after the scheme", "http:///user:secret@example.com/"},
		{"a slash and a backslash after the scheme", "http:/\\user:secret@example.com/"},
		{"a tab in the scheme", "ht\ttp://user:se cret@[::1"},
		{"a port past 65535, through Origin", "https://user:secret@example.com:99999/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := newTestFetcher().Fetch(context.Background(), tc.pageURL)
			if o.Status != Unreachable || o.Error == "" {
				t.Fatalf("Fetch(%q) = %s, want Unreachable with an Error", tc.pageURL, describeOutcome(o))
			}
			if strings.Contains(o.Error, "cret") || strings.Contains(o.Error, "user:") {
				t.Errorf("Fetch(%q).Error = %q: credentials quoted", tc.pageURL, o.Error)
			}
			if _, err := RobotsURL(tc.pageURL); err != nil && (strings.Contains(err.Error(), "cret") || strings.Contains(err.Error(), "user:")) {
				t.Errorf("RobotsURL(%q) error = %q: credentials quoted", tc.pageURL, err)
			}
			if _, err := Origin(tc.pageURL); err != nil && (strings.Contains(err.Error(), "cret") || strings.Contains(err.Error(), "user:")) {
				t.Errorf("Origin(%q) error = %q: credentials quoted", tc.pageURL, err)
			}
		})
	}
}

// TestWithoutUserinfo checks what errors keep of a URL they quote.
func TestWithoutUserinfo(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		parsed   bool
		want     string
	}{
		{"no userinfo", "http://a.example/x", true, "http://a.example/x"},
		{"user and password", "http://u:p@a.example/x", true, "http://a.example/x"},
		{"an '@' in the path is kept", "http://a.example/@me", true, "http://a.example/@me"},
		{"an '@' in the query is kept", "http://a.example?to=x@y", true, "http://a.example?to=x@y"},
		{"an '@' in the password, the last one ends it", "http://u:p@ss@a.example/", true, "http://a.example/"},
		{"protocol-relative", "//u:p@a.example/x", true, "//a.example/x"},
		{"a path", "/a@b", true, "/a@b"},
		{"a relative path", "a@b/c", false, "a@b/c"},
		{"one leading slash is a path", "/u:p@a", false, "/u:p@a"},
		{"leading spaces", "  http://u:p@a.example", false, "  http://a.example"},
		{"unparsed: a space in the password", "http://u:p w@a.example/x", false, "http://a.example/x"},
		{"unparsed: a '/' in the password", "http://u:p/w@a.example/x", false, "http://a.example/x"},
		{"unparsed: up to the last '@' of all", "http://u:p@[::1/x@y", false, "http://y"},
		{"unparsed: a backslash", "http://u:p\\w@[::1", false, "http://[::1"},
		{"unparsed: no slashes", "http:u:p w@a.example", false, "http:a.example"},
		{"unparsed: backslashes", "http:\\\\u:p w@a.example", false, "http:\\\\a.example"},
		{"unparsed: no '@'", "http://[::1", false, "http://[::1"},
		{"unparsed: a tab in the scheme", "ht\ttp://u:p w@[::1", false, "http://[::1"},
		{"unparsed: a tab between the slashes", "/\t/u:p@[::1", false, "//[::1"},
		{"three slashes after the scheme", "http:///u:p@a.example/x", true, "http:///a.example/x"},
		{"a slash and a backslash after the scheme", "http:/\\u:p@a.example/x", true, "http:/\\a.example/x"},
		{"three slashes, no scheme", "///u:p@a.example/x", true, "///a.example/x"},
		{"a scheme alone", "mailto:", false, "mailto:"},
		{"empty", "", false, ""},
	} {
		if got := withoutUserinfo(tc.in, tc.parsed); got != tc.want {
			t.Errorf("%s: withoutUserinfo(%q, %v) = %q, want %q", tc.name, tc.in, tc.parsed, got, tc.want)
		}
	}
}

// TestEscapeNongraphic checks what an outcome's Error and a Source's
// string keep of text a server chose: everything graphic as it is, the
// rest escaped.
func TestEscapeNongraphic(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"graphic text and spaces", `Get "https://h/": EOF é 日本`, `Get "https://h/": EOF é 日本`},
		{"line ends", "a\r\n2025-01-01 INFO forged", `a\r\n2025-01-01 INFO forged`},
		{"a tab, ESC and NUL", "a\tb\x1b[2J\x00", `a\tb\x1b[2J\x00`},
		{"a bidi override and a line separator", "gnp.\u202eexe\u2028x", `gnp.\u202eexe\u2028x`},
		{"an octet that is not UTF-8", "a\xffb", `a\xffb`},
		{"U+FFFD itself is kept", "a\ufffdb", "a\ufffdb"},
	} {
		if got := escapeNongraphic(tc.in); got != tc.want {
			t.Errorf("%s: escapeNongraphic(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
		// needsEscape spares the copy where nothing changes; it must not
		// miss a change, nor (the copy aside) report one that is not.
		if got, want := needsEscape(tc.in), tc.want != tc.in; got != want {
			t.Errorf("%s: needsEscape(%q) = %v, want %v", tc.name, tc.in, got, want)
		}
	}
	// Through an Outcome: crypto/x509 quotes a certificate's names raw.
	o := OutcomeOf(nil, errors.New("x509: certificate is valid for a\r\nINFO allowed\x1b[2J, not localhost"))
	if strings.ContainsAny(o.Error, "\r\n\x1b") || !strings.Contains(o.Error, `a\r\nINFO allowed\x1b[2J`) {
		t.Errorf("OutcomeOf's Error = %q, want its controls escaped", o.Error)
	}
}

// TestEscapedError checks escapedError against what it stands for,
// clipError(escapeNongraphic(s)), on texts around the cut and far past it,
// and that a long text of controls costs what the cut keeps: a header line
// of 1 MiB of DEL octets, escaped whole, allocated some fifty times its size
// (found by a black-box audit of costs).
func TestEscapedError(t *testing.T) {
	pieces := []string{"a", "é", "日", "\x7f", "\x00", "\xff", "\u202e", "\U000e0001", " ", "\r\n"}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 500, 511, 512, 513, 600, 682, 683, 1000, 2040, 2048, 2049, 5000} {
		for range 20 {
			var b strings.Builder
			for range n {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
			s := b.String()
			if got, want := escapedError(s), clipError(escapeNongraphic(s)); got != want {
				t.Fatalf("escapedError(%q)\n = %q\nwant %q", s, got, want)
			}
		}
	}
	long := strings.Repeat("\x7f", 1<<20)
	var got string
	n := allocatedBy(func() { got = escapedError(long) })
	if want := fmt.Sprintf("... (%d octets in all)", 4<<20); !strings.HasSuffix(got, want) || len(got) > maxErrorBytes {
		t.Errorf("escapedError(1 MiB of DEL) = %d octets ending %q, want at most %d ending %q", len(got), got[max(0, len(got)-40):], maxErrorBytes, want)
	}
	if n > 64<<10 {
		t.Errorf("escapedError(1 MiB of DEL) allocated %d octets, want under 64 KiB", n)
	}
}

// TestScrubUserinfo checks what an outcome's Error keeps of the URLs it
// quotes: everything but their userinfo.
func TestScrubUserinfo(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"no URL", "robots: boom", "robots: boom"},
		{"a URL without userinfo", `Get "http://a.example/robots.txt": EOF`, `Get "http://a.example/robots.txt": EOF`},
		{"user and password", `Get "http://user:secret@a.example/robots.txt": EOF`, `Get "http://a.example/robots.txt": EOF`},
		{"a user alone", "redirects to https://me@a.example/r", "redirects to https://a.example/r"},
		{"an '@' in the password", "http://u:p@ss@a.example/", "http://a.example/"},
		{"an authority that does not parse", `Location "http://user:secret@[::1": bad`, `Location "http://[::1": bad`},
		{"protocol-relative, quoted", `Location "//user:secret@a.example/x"`, `Location "//a.example/x"`},
		{"at the start", "//u:p@a.example", "//a.example"},
		{"two URLs", "http://a:b@x.example/ to https://c:d@y.example/", "http://x.example/ to https://y.example/"},
		{"an '@' in the path is kept", "http://a.example/@me", "http://a.example/@me"},
		{"an '@' in the query is kept", "http://a.example?to=x@y", "http://a.example?to=x@y"},
		{"a path with '//' is kept", "path /a//me@b", "path /a//me@b"},
		{"an e-mail address is kept", "write to webmaster@a.example", "write to webmaster@a.example"},
		{"a quote in the password", `Get "http://u:p'w@a.example/robots.txt": refused`, `Get "http://a.example/robots.txt": refused`},
		{"single-quoted, protocol-relative", "fetch '//u:pw@a.example/robots.txt' failed", "fetch '//a.example/robots.txt' failed"},
		{"single-quoted, a host alone", "'http://u:pw@a.example' failed", "'http://a.example' failed"},
		{"a '//' before a space is kept", "see // x@y z", "see // x@y z"},
		// Quoted whole, as net/http quotes a Location it cannot parse.
		{"quoted, a space in the password", `failed to parse Location header "http://user:my secret@[::1": parse "http://user:my secret@[::1": missing ']' in host`,
			`failed to parse Location header "http://[::1": parse "http://[::1": missing ']' in host`},
		{"quoted, a quote in the password", `Get "http://u:p\"w@a.example/": EOF`, `Get "http://a.example/": EOF`},
		{"quoted, an '@' in the path is kept", `Get "http://a.example/@me": EOF`, `Get "http://a.example/@me": EOF`},
		{"quoted, three slashes", `Get "http:///u:p@a.example/": EOF`, `Get "http:///a.example/": EOF`},
		{"a quote that does not end", `x "http://u:p@a.example/`, `x "http://a.example/`},
		// net/http's error for a Location that does not parse goes on with
		// url.Parse's, which quotes the Location as url.Parse split it.
		{"quoted, a '#' in the password, then url.Parse's error", `Get "http://a.example/robots.txt": failed to parse Location header "http://user:secret#x@b.example/": parse "http://user:secret": invalid port ":secret" after host`,
			`Get "http://a.example/robots.txt": failed to parse Location header "http://b.example/": parse "http://b.example/": its authority does not parse (shown without what may be userinfo)`},
		{"quoted, a '/' in the password, the rest not parsing", `failed to parse Location header "http://user:secret/x@[::1": parse "http://user:secret/x@[::1": invalid port ":secret" after host`,
			`failed to parse Location header "http://[::1": parse "http://[::1": missing ']' in host`},
		{"url.Parse's error of a URL without userinfo is kept", `failed to parse Location header "http://[::1": parse "http://[::1": missing ']' in host`,
			`failed to parse Location header "http://[::1": parse "http://[::1": missing ']' in host`},
	} {
		if got := scrubUserinfo(tc.in); got != tc.want {
			t.Errorf("%s: scrubUserinfo(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
	}
}

// TestRedirectTarget checks how a Location becomes the next hop: its host as
// RobotsURL writes it, and refused when it names no origin.
func TestRedirectTarget(t *testing.T) {
	from, _ := url.Parse("https://example.com/robots.txt")
	for _, tc := range []struct{ location, want string }{
		{"http://[fe80::1%25eth0]/robots.txt", "http://[fe80::1%25eth0]/robots.txt"}, // a zone: RobotsURL takes it
		{"http://B%C3%BCcher.Example:80/robots.txt", "http://xn--bcher-kva.example/robots.txt"},
		{"HTTPS://User:pw@EXAMPLE.org:00443/r.txt#f", "https://example.org/r.txt"},
		{"/other.txt", "https://example.com/other.txt"},
		{"%2A", "https://example.com/%2A"}, // not "*": see parseCleaned
		{"http://example.com:65536/robots.txt", ""},
		{"http://[::1%25lo]:99999/robots.txt", ""},
		{"http://" + strings.Repeat("ü", 70) + ".test/", ""},
		// An empty authority (RFC 3986 §4.2) names no host: net/url
		// resolved these to the request's own host, "//" to a loop.
		{"//", ""},
		{"///robots.txt", ""},
		{"//?x", ""},
		{"//#f", ""},
		{"//example.org/r.txt", "https://example.org/r.txt"},
		// Credentials are neither followed nor quoted in the reason.
		{"ftp://user:secret@example.org/robots.txt", ""},
		{"//user:secret@/robots.txt", ""},
		{"https://user:secret@example.org/robots.txt", "https://example.org/robots.txt"},
	} {
		resp := &http.Response{StatusCode: http.StatusFound, Header: http.Header{"Location": {tc.location}}}
		next, why := redirectTarget(from, resp)
		got := ""
		if next != nil {
			got = next.String()
		}
		if got != tc.want || (tc.want == "") != (why != "") || strings.Contains(why, "secret") {
			t.Errorf("redirectTarget(%q) = %q, %q; want %q", tc.location, got, why, tc.want)
		}
	}
}

// closeRecorder is a body that records whether it was closed.
type closeRecorder struct {
	io.Reader
	closed bool
}

func (c *closeRecorder) Close() error { c.closed = true; return nil }

// TestOutcomeOfClosesBody checks OutcomeOf's "it reads and closes
// resp.Body" whatever the response decides: a caller's connection goes back
// to its Transport only once the body is closed.
func TestOutcomeOfClosesBody(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status int
		method string
		header http.Header
		err    error
	}{
		{"2xx", 200, http.MethodGet, nil, nil},
		{"4xx", 404, http.MethodGet, nil, nil},
		{"429", 429, http.MethodGet, nil, nil},
		{"5xx", 503, http.MethodGet, nil, nil},
		{"a 1xx", 101, http.MethodGet, nil, nil},
		{"a 3xx that is no redirect", 304, http.MethodGet, nil, nil},
		{"a redirect not followed", 302, http.MethodGet, http.Header{"Location": {"/elsewhere"}}, nil},
		{"a response with an error", 200, http.MethodGet, nil, errors.New("boom")},
		{"a POST", 200, http.MethodPost, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(tc.method, "https://a.example/robots.txt", nil)
			body := &closeRecorder{Reader: strings.NewReader(fetchRobots)}
			h := tc.header
			if h == nil {
				h = http.Header{}
			}
			OutcomeOf(&http.Response{StatusCode: tc.status, Header: h, Body: body, Request: req}, tc.err)
			if !body.closed {
				t.Errorf("status %d to a %s: the body was not closed", tc.status, tc.method)
			}
		})
	}
}

// TestNextDirectiveAdvances: nextDirective always advances, past a comma
// that ends the line too, so that scanning a Cache-Control line that ends
// in a comma ends.
func TestNextDirectiveAdvances(t *testing.T) {
	for _, s := range []string{"no-store,", ",", "a=1,", `a="x",`, "a, ,"} {
		for i := 0; i < len(s); {
			_, _, next := nextDirective(s, i)
			if next <= i {
				t.Fatalf("nextDirective(%q, %d) = %d, want past %d", s, i, next, i)
			}
			i = next
		}
	}
}

// TestFetchBadLocationNamesNoCredentials: a Location that does not parse,
// and whose userinfo a backslash hides from net/url once it is read as a
// slash ("http://u:secret\w@[::1" becomes a host u and a port "secret"), is
// quoted as sent, without its userinfo: Outcome.Error never quotes one.
func TestFetchBadLocationNamesNoCredentials(t *testing.T) {
	srv := startServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Location"] = []string{`http://u:secret\w@[::1`}
		w.WriteHeader(http.StatusFound)
	})
	o := (&Fetcher{UserAgent: fetchAgent}).Fetch(context.Background(), srv.URL)
	if o.Status != Unavailable || o.HTTPStatus != 302 || !strings.Contains(o.Error, "does not parse") {
		t.Fatalf("Fetch = %s, error %q; want unavailable 302, a Location that does not parse", describeOutcome(o), o.Error)
	}
	if strings.Contains(o.Error, "secret") {
		t.Errorf("Error = %q quotes the Location's password", o.Error)
	}
}
