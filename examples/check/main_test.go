package main

import (
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sdxc/robots"
)

const robotsFile = "testdata/robots.txt"

// checkResult is what one run of check did.
type checkResult struct {
	code           int
	stdout, stderr string
}

func runCheck(stdin string, args ...string) checkResult {
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(stdin), &stdout, &stderr)
	return checkResult{code, stdout.String(), stderr.String()}
}

func TestFile(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		stdin    string
		wantCode int
		wantOut  string
	}{
		{
			name:     "the agent's own group",
			args:     []string{"-agent", "ExampleBot/1.0", "-robots", robotsFile, "/drafts/2024/notes", "/drafts/2024/published", "/private/report"},
			wantCode: 1,
			wantOut: "/drafts/2024/notes\tdisallowed by line 8 \"Disallow: /drafts/\"\n" +
				"/drafts/2024/published\tallowed by line 9 \"Allow: /drafts/*/published\"\n" +
				"/private/report\tallowed: no rule matches\n",
		},
		{
			name:     "the * group for an agent no group names",
			args:     []string{"-agent", "OtherBot", "-robots", robotsFile, "/private/report", "/private/press/launch", "https://example.com/feed.json", "/feed.json?v=2"},
			wantCode: 1,
			wantOut: "/private/report\tdisallowed by line 3 \"Disallow: /private/\"\n" +
				"/private/press/launch\tallowed by line 4 \"Allow: /private/press/\"\n" +
				"https://example.com/feed.json\tdisallowed by line 5 \"Disallow: /*.json$\"\n" +
				"/feed.json?v=2\tallowed: no rule matches\n",
		},
		{
			name:     "all allowed",
			args:     []string{"-agent", "ExampleBot", "-robots", robotsFile, "/", "/about", "/a?session=1"},
			wantCode: 0,
			wantOut:  "/\tallowed: no rule matches\n/about\tallowed: no rule matches\n/a?session=1\tallowed: no rule matches\n",
		},
		{
			name:     "wildcard in the query",
			args:     []string{"-agent", "ExampleBot", "-robots", robotsFile, "/a?sessionid=1"},
			wantCode: 1,
			wantOut:  "/a?sessionid=1\tdisallowed by line 10 \"Disallow: /*?sessionid=\"\n",
		},
		{
			name:     "robots.txt itself is always allowed",
			args:     []string{"-agent", "GPTBot/1.1", "-robots", robotsFile, "/robots.txt"},
			wantCode: 0,
			wantOut:  "/robots.txt\tallowed: /robots.txt is always allowed\n",
		},
		{
			name:     "a bot shut out",
			args:     []string{"-agent", "GPTBot/1.1", "-robots", robotsFile, "/about"},
			wantCode: 1,
			wantOut:  "/about\tdisallowed by line 14 \"Disallow: /\"\n",
		},
		{
			name:     "neither URL nor path",
			args:     []string{"-agent", "ExampleBot", "-robots", robotsFile, "about.html"},
			wantCode: 1,
			wantOut:  "about.html\tdisallowed: invalid URL\n",
		},
		{
			name:     "standard input, blank lines skipped",
			args:     []string{"-agent", "ExampleBot", "-robots", robotsFile},
			stdin:    "/about\n\n  /drafts/x  \r\n",
			wantCode: 1,
			wantOut:  "/about\tallowed: no rule matches\n/drafts/x\tdisallowed by line 8 \"Disallow: /drafts/\"\n",
		},
		{
			name:     "standard input, all allowed",
			args:     []string{"-agent", "ExampleBot", "-robots", robotsFile},
			stdin:    "/about\n/contact",
			wantCode: 0,
			wantOut:  "/about\tallowed: no rule matches\n/contact\tallowed: no rule matches\n",
		},
		{
			name:     "arguments win over standard input",
			args:     []string{"-agent", "ExampleBot", "-robots", robotsFile, "/about"},
			stdin:    "/drafts/x\n",
			wantCode: 0,
			wantOut:  "/about\tallowed: no rule matches\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := runCheck(tc.stdin, tc.args...)
			// The file draws no warning from robots.Lint, so nothing goes
			// to standard error.
			if got.code != tc.wantCode || got.stdout != tc.wantOut || got.stderr != "" {
				t.Errorf("check %q = %d, stdout:\n%s\nwant %d, stdout:\n%s\nstderr: %s",
					tc.args, got.code, got.stdout, tc.wantCode, tc.wantOut, got.stderr)
			}
		})
	}
}

// TestFileWarnings checks that what robots.Lint finds in the -robots file
// goes to standard error, named by file and line, and leaves the answers and
// the exit status as they are.
func TestFileWarnings(t *testing.T) {
	file := filepath.Join(t.TempDir(), "robots.txt")
	text := "Disallow: /tmp/\nUser-agent: ExampleBot\nDisallow: private/\nCrawl-delay: 5s\n"
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	got := runCheck("", "-agent", "ExampleBot", "-robots", file, "/tmp/x", "/private/x")
	wantErr := "check: " + file + ":1: rule before the first User-agent line: it applies to no agent, ignored (RFC 9309 §2.1)\n" +
		"check: " + file + ":3: Disallow pattern \"private/\" starts with neither '/' nor '*': it matches no path\n" +
		"check: " + file + ":4: Crawl-delay \"5s\" is not a number of seconds (\"10\", \"0.5\"): ignored\n"
	wantOut := "/tmp/x\tallowed: no rule matches\n/private/x\tallowed: no rule matches\n"
	if got.code != 0 || got.stdout != wantOut || got.stderr != wantErr {
		t.Errorf("check = %d, stdout:\n%s\nstderr:\n%s\nwant 0, stdout:\n%s\nstderr:\n%s", got.code, got.stdout, got.stderr, wantOut, wantErr)
	}
}

func TestUsage(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStderr string
	}{
		{"no agent", []string{"-robots", robotsFile, "/"}, 2, "-agent is required"},
		{"blank agent", []string{"-agent", " ", "-robots", robotsFile, "/"}, 2, "-agent is required"},
		{"agent with a line end", []string{"-agent", "ExampleBot\n", "-origin", "http://127.0.0.1:1", "/"}, 2, "control character"},
		{"no rules", []string{"-agent", "ExampleBot", "/"}, 2, "give one of -robots and -origin"},
		{"both sources", []string{"-agent", "ExampleBot", "-robots", robotsFile, "-origin", "http://127.0.0.1:1", "/"}, 2, "give one of -robots and -origin"},
		{"unknown flag", []string{"-agnet", "ExampleBot"}, 2, "flag provided but not defined"},
		{"missing file", []string{"-agent", "ExampleBot", "-robots", "testdata/missing.txt", "/"}, 2, "missing.txt"},
		{"origin not a URL", []string{"-agent", "ExampleBot", "-origin", "/relative", "/"}, 2, "-origin"},
		{"origin not http", []string{"-agent", "ExampleBot", "-origin", "ftp://127.0.0.1:1/", "/"}, 2, "only over http and https"},
		{"timeout zero", []string{"-agent", "ExampleBot", "-origin", "http://127.0.0.1:1", "-timeout", "0", "/"}, 2, "-timeout must be positive"},
		{"timeout negative", []string{"-agent", "ExampleBot", "-origin", "http://127.0.0.1:1", "-timeout", "-1s", "/"}, 2, "-timeout must be positive"},
		{"help", []string{"-help"}, 0, "Exit status: 0 when every URL is allowed, 1 when any is disallowed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := runCheck("", tc.args...)
			if got.code != tc.wantCode || !strings.Contains(got.stderr, tc.wantStderr) {
				t.Errorf("check %q = %d, stderr:\n%s\nwant %d, stderr containing %q", tc.args, got.code, got.stderr, tc.wantCode, tc.wantStderr)
			}
			if got.stdout != "" {
				t.Errorf("check %q wrote to stdout: %q", tc.args, got.stdout)
			}
		})
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

// TestNoURL: standard input with no URL on it is an input error, not a
// success a script would read as "every URL allowed".
func TestNoURL(t *testing.T) {
	for _, stdin := range []string{"", "\n  \n\t\n"} {
		got := runCheck(stdin, "-agent", "ExampleBot", "-robots", robotsFile)
		if got.code != 2 || got.stdout != "" || !strings.Contains(got.stderr, "no URL to check") {
			t.Errorf("check with standard input %q = %d, stdout %q, stderr %q; want 2, nothing, and that no URL was given", stdin, got.code, got.stdout, got.stderr)
		}
	}
}

func TestStdinError(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"-agent", "ExampleBot", "-robots", robotsFile}, failingReader{}, &stdout, &stderr)
	if code != 2 || !strings.Contains(stderr.String(), "disk on fire") {
		t.Errorf("check with unreadable stdin = %d, stderr %q; want 2 and the error", code, stderr.String())
	}
}

func TestOrigin(t *testing.T) {
	rules, err := os.ReadFile(robotsFile)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		status     int
		urls       func(origin string) []string
		wantCode   int
		wantOut    func(origin string) string
		wantStderr string
	}{
		{
			name:     "parsed",
			status:   http.StatusOK,
			urls:     func(o string) []string { return []string{"/drafts/x", o + "/drafts/2024/published", "/about"} },
			wantCode: 1,
			wantOut: func(o string) string {
				return "/drafts/x\tdisallowed by line 8 \"Disallow: /drafts/\"\n" +
					o + "/drafts/2024/published\tallowed by line 9 \"Allow: /drafts/*/published\"\n" +
					"/about\tallowed: no rule matches\n"
			},
			wantStderr: "/robots.txt: parsed (HTTP 200)",
		},
		{
			name:     "404 allows everything",
			status:   http.StatusNotFound,
			urls:     func(o string) []string { return []string{"/drafts/x", o + "/"} },
			wantCode: 0,
			wantOut: func(o string) string {
				return "/drafts/x\tallowed: robots.txt unavailable\n" + o + "/\tallowed: robots.txt unavailable\n"
			},
			wantStderr: "unavailable (HTTP 404)",
		},
		{
			name:     "503 refuses everything",
			status:   http.StatusServiceUnavailable,
			urls:     func(o string) []string { return []string{"/about", "/robots.txt"} },
			wantCode: 1,
			wantOut: func(o string) string {
				return "/about\tdisallowed: robots.txt unreachable\n/robots.txt\tallowed: /robots.txt is always allowed\n"
			},
			wantStderr: "unreachable (HTTP 503)",
		},
		{
			name:       "a URL of another origin",
			status:     http.StatusOK,
			urls:       func(o string) []string { return []string{"https://example.com/about", "/about"} },
			wantCode:   2,
			wantOut:    func(o string) string { return "/about\tallowed: no rule matches\n" },
			wantStderr: "https://example.com/about: not on the origin of",
		},
		{
			// URLs whose path net/url refuses are still URLs to the
			// library: their origin is their scheme and authority. Those
			// whose authority it refuses are none: the library disallows
			// them as invalid.
			name:   "URLs net/url refuses, of another origin or none",
			status: http.StatusOK,
			urls: func(o string) []string {
				return []string{"http://other.example/drafts/%zz", "http://h:abc/", "http://[::1", o + "/drafts/%zz"}
			},
			wantCode: 2,
			wantOut: func(o string) string {
				return "http://h:abc/\tdisallowed: invalid URL\n" + "http://[::1\tdisallowed: invalid URL\n" +
					o + "/drafts/%zz\tdisallowed by line 8 \"Disallow: /drafts/\"\n"
			},
			wantStderr: "http://other.example/drafts/%zz: not on the origin of",
		},
		{
			// robots.Origin's reading: a scheme in any case, userinfo, a
			// default port, a query or fragment right after the host.
			name:   "forms of the origin",
			status: http.StatusOK,
			urls: func(o string) []string {
				host := strings.TrimPrefix(o, "http://")
				return []string{"HTTP://" + host + "/drafts/x", "http://user:pw@" + host + "/drafts/x", o + "?q", o + "#f"}
			},
			wantCode: 1,
			wantOut: func(o string) string {
				host := strings.TrimPrefix(o, "http://")
				return "HTTP://" + host + "/drafts/x\tdisallowed by line 8 \"Disallow: /drafts/\"\n" +
					"http://user:pw@" + host + "/drafts/x\tdisallowed by line 8 \"Disallow: /drafts/\"\n" +
					o + "?q\tallowed: no rule matches\n" + o + "#f\tallowed: no rule matches\n"
			},
			wantStderr: "parsed (HTTP 200)",
		},
		{
			name:     "no URL at all: the library disallows it",
			status:   http.StatusOK,
			urls:     func(o string) []string { return []string{"about", "mailto:a@example.com"} },
			wantCode: 1,
			wantOut: func(o string) string {
				return "about\tdisallowed: invalid URL\nmailto:a@example.com\tdisallowed: invalid URL\n"
			},
			wantStderr: "parsed (HTTP 200)",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var gotPath, gotAgent string
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				gotPath, gotAgent = r.URL.Path, r.UserAgent()
				w.WriteHeader(tc.status)
				w.Write(rules)
			}))
			defer srv.Close()

			args := append([]string{"-agent", "ExampleBot/1.0", "-origin", srv.URL + "/some/page?q=1"}, tc.urls(srv.URL)...)
			got := runCheck("", args...)
			if want := tc.wantOut(srv.URL); got.code != tc.wantCode || got.stdout != want || !strings.Contains(got.stderr, tc.wantStderr) {
				t.Errorf("check %q = %d, stdout:\n%s\nstderr: %s\nwant %d, stdout:\n%s\nstderr containing %q",
					args, got.code, got.stdout, got.stderr, tc.wantCode, want, tc.wantStderr)
			}
			if gotPath != "/robots.txt" || gotAgent != "ExampleBot/1.0" {
				t.Errorf("server saw GET %s with User-Agent %q, want /robots.txt with %q", gotPath, gotAgent, "ExampleBot/1.0")
			}
		})
	}
}

// TestOriginTruncated: a robots.txt past the limit is parsed up to it, and
// check says so, as Lint does for a file given with -robots.
func TestOriginTruncated(t *testing.T) {
	body := "User-agent: *\nDisallow: /early\n" + strings.Repeat("# filler\n", robots.DefaultMaxBytes/9+1) + "Disallow: /late\n"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(body))
	}))
	defer srv.Close()
	got := runCheck("", "-agent", "ExampleBot", "-origin", srv.URL, "/early", "/late")
	want := "/early\tdisallowed by line 2 \"Disallow: /early\"\n/late\tallowed: no rule matches\n"
	if got.code != 1 || got.stdout != want || !strings.Contains(got.stderr, "parsed (HTTP 200), cut at 512000 octets") {
		t.Errorf("check of a %d-octet robots.txt = %d, stdout:\n%s\nstderr: %s\nwant 1, stdout:\n%s\nstderr saying it was cut", len(body), got.code, got.stdout, got.stderr, want)
	}
}

func TestOriginTimeout(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer srv.Close()
	defer close(release)

	got := runCheck("", "-agent", "ExampleBot", "-origin", srv.URL, "-timeout", "100ms", "/about")
	if got.code != 1 || got.stdout != "/about\tdisallowed: robots.txt unreachable\n" || !strings.Contains(got.stderr, "unreachable (no response)") {
		t.Errorf("check with a server slower than -timeout = %d, stdout %q, stderr %q; want 1 and unreachable", got.code, got.stdout, got.stderr)
	}
}

// TestReadRobotsLimit checks that -robots reads no more of a file than
// Parse reads, and decides as if it had read it all.
func TestReadRobotsLimit(t *testing.T) {
	var doc strings.Builder
	doc.WriteString("User-agent: *\n")
	for doc.Len() < robots.DefaultMaxBytes-20 {
		doc.WriteString("Disallow: /pad\n")
	}
	doc.WriteString("Disallow: /crossing-the-limit\n")
	for doc.Len() < robots.DefaultMaxBytes+100_000 {
		doc.WriteString("Disallow: /past\n")
	}
	name := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(name, []byte(doc.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	data, err := readRobots(name)
	if err != nil || len(data) != robots.DefaultMaxBytes+1 {
		t.Fatalf("readRobots = %d octets, %v; want %d", len(data), err, robots.DefaultMaxBytes+1)
	}
	whole, read := robots.Parse([]byte(doc.String())), robots.Parse(data)
	for _, p := range []string{"/pad", "/crossing-the-limit", "/past"} {
		if whole.IsAllowed("x", p) != read.IsAllowed("x", p) {
			t.Errorf("IsAllowed(x, %s) differs between the whole file and what readRobots read", p)
		}
	}
}
