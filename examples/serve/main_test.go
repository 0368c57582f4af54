package main

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/sdxc/robots"
)

func startServer(t *testing.T) *httptest.Server {
	t.Helper()
	h, err := newHandler()
	if err != nil {
		t.Fatalf("newHandler: %v", err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

func get(t *testing.T, rawURL string) (http.Header, []byte) {
	t.Helper()
	resp, err := http.Get(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s", rawURL, resp.Status)
	}
	return resp.Header, body
}

// sameDocument reports how got differs from want in what MarshalText
// promises to keep.
func sameDocument(t *testing.T, got, want *robots.Robots) {
	t.Helper()
	if !reflect.DeepEqual(got.Groups, want.Groups) {
		t.Errorf("Groups = %+v\nwant %+v", got.Groups, want.Groups)
	}
	if !reflect.DeepEqual(got.Sitemaps, want.Sitemaps) {
		t.Errorf("Sitemaps = %q, want %q", got.Sitemaps, want.Sitemaps)
	}
	if !reflect.DeepEqual(got.ContentSignals, want.ContentSignals) {
		t.Errorf("ContentSignals = %v, want %v", got.ContentSignals, want.ContentSignals)
	}
	if len(got.Records) != 0 {
		t.Errorf("Records = %v, want none", got.Records)
	}
}

// TestRobotsTxt reads the served robots.txt as a crawler would.
func TestRobotsTxt(t *testing.T) {
	srv := startServer(t)
	f := robots.Fetcher{UserAgent: "ExampleBot/1.0"}
	outcome := f.Fetch(context.Background(), srv.URL+"/")
	if outcome.Status != robots.Parsed {
		t.Fatalf("Fetch: %s (HTTP %d) %s, want parsed", outcome.Status, outcome.HTTPStatus, outcome.Error)
	}
	sameDocument(t, outcome.Robots, siteRobots())

	for _, tc := range []struct {
		agent, path string
		want        bool
	}{
		{"ExampleBot/1.0", "/drafts/next", false},
		{"ExampleBot/1.0", "/drafts/press-kit", true},
		{"ExampleBot/1.0", "/a?sessionid=1", false},
		{"OtherBot/2.0", "/drafts/press-kit", false},
		{"OtherBot/2.0", "/about", true},
		{"GPTBot/1.1", "/about", false},
		{"CCBot/2.0", "/", false},
	} {
		if got := outcome.IsAllowed(tc.agent, tc.path); got != tc.want {
			t.Errorf("IsAllowed(%q, %q) = %v, want %v", tc.agent, tc.path, got, tc.want)
		}
	}
	for _, tc := range []struct {
		agent       string
		wantDelay   string
		wantSignals map[string]bool
	}{
		{"ExampleBot/1.0", "1s", map[string]bool{"search": true, "ai-input": false, "ai-train": false}},
		{"OtherBot/2.0", "5s", map[string]bool{"search": true, "ai-input": true, "ai-train": false}},
	} {
		if delay, _ := outcome.CrawlDelay(tc.agent); delay.String() != tc.wantDelay {
			t.Errorf("CrawlDelay(%q) = %v, want %s", tc.agent, delay, tc.wantDelay)
		}
		if got := outcome.Robots.ContentSignalsFor(tc.agent); !reflect.DeepEqual(got, tc.wantSignals) {
			t.Errorf("ContentSignalsFor(%q) = %v, want %v", tc.agent, got, tc.wantSignals)
		}
	}
}

func TestSitemap(t *testing.T) {
	srv := startServer(t)
	_, body := get(t, srv.URL+"/sitemap.xml")
	var got urlset
	if err := xml.Unmarshal(body, &got); err != nil {
		t.Fatalf("sitemap.xml: %v\n%s", err, body)
	}
	// /search and /account say noindex to every bot: not listed.
	want := []sitemapURL{{origin + "/"}, {origin + "/events/launch"}, {origin + "/gallery"}}
	if !reflect.DeepEqual(got.URLs, want) {
		t.Errorf("sitemap.xml lists %v, want %v", got.URLs, want)
	}
}

// TestDirectives reads each served page's carriers back into the sets the
// page was written from.
func TestDirectives(t *testing.T) {
	srv := startServer(t)
	for _, p := range pages {
		t.Run(p.path, func(t *testing.T) {
			header, body := get(t, srv.URL+p.path)

			// One X-Robots-Tag line per set, each read back to its set.
			lines := header.Values("X-Robots-Tag")
			if len(lines) != len(p.directives) {
				t.Fatalf("X-Robots-Tag lines = %q, want one per set of %v", lines, p.directives)
			}
			for i, line := range lines {
				if got := robots.ParseDirectives(line); !reflect.DeepEqual(got, p.directives[i:i+1]) {
					t.Errorf("ParseDirectives(%q) = %v, want %v", line, got, p.directives[i:i+1])
				}
			}

			// The Robots-Tag field holds every set.
			field := header.Values("Robots-Tag")
			if got, err := robots.ParseRobotsTag(field...); err != nil || !reflect.DeepEqual(got, p.directives) {
				t.Errorf("ParseRobotsTag(%q) = %v, %v, want %v", field, got, err, p.directives)
			}

			// The meta tags, as each bot reads them, and the three carriers
			// agree on what applies to it.
			metaOnly := http.Header{"Content-Type": header.Values("Content-Type")}
			for _, agent := range []string{"ExampleBot/1.0", "OtherBot/2.0"} {
				var want []robots.Directives
				for _, d := range p.directives {
					if d.Bot == "" || d.Bot == robots.ProductToken(agent) {
						want = append(want, d)
					}
				}
				fromMeta, sources := robots.ExplainDirectives(metaOnly, body, agent)
				var got []robots.Directives
				for _, s := range sources {
					if s.Carrier != robots.CarrierMetaTag {
						t.Errorf("%s: source %v, want only meta tags", agent, s)
					}
					got = append(got, s.Directives)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s: meta tags read as %v, want %v", agent, got, want)
				}
				if all := robots.DirectivesFor(header, body, agent); !reflect.DeepEqual(all, fromMeta) {
					t.Errorf("%s: all carriers give %v, the meta tags alone %v", agent, all, fromMeta)
				}
			}
		})
	}
}

// TestPrint checks -print against the golden file, and that what it prints
// is what the server sends.
func TestServingURL(t *testing.T) {
	for _, tc := range []struct{ addr, want string }{
		{"127.0.0.1:8080", "http://127.0.0.1:8080"},
		{"[::]:9000", "http://localhost:9000"},
		{"0.0.0.0:9000", "http://localhost:9000"},
		{"[::1]:80", "http://[::1]:80"},
		{"[fe80::1%eth0]:80", "http://[fe80::1%eth0]:80"},
	} {
		addr, err := net.ResolveTCPAddr("tcp", tc.addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := servingURL(addr); got != tc.want {
			t.Errorf("servingURL(%s) = %s, want %s", tc.addr, got, tc.want)
		}
	}
}

func TestPrint(t *testing.T) {
	var out bytes.Buffer
	if err := printSite(&out); err != nil {
		t.Fatalf("printSite: %v", err)
	}
	golden, err := os.ReadFile("testdata/print.golden")
	if err != nil {
		t.Fatal(err)
	}
	if out.String() != string(golden) {
		t.Errorf("printSite wrote:\n%s\nwant testdata/print.golden:\n%s", out.String(), golden)
	}

	srv := startServer(t)
	blocks := strings.Split(out.String(), "\nGET ")
	if len(blocks) != 1+len(pages) {
		t.Fatalf("printSite wrote %d blocks, want robots.txt and %d pages", len(blocks), len(pages))
	}
	printedRobots, ok := strings.CutPrefix(blocks[0], "GET /robots.txt\n\n")
	if !ok {
		t.Fatalf("printSite starts with %q, want the robots.txt block", blocks[0])
	}
	if _, served := get(t, srv.URL+"/robots.txt"); printedRobots != string(served) {
		t.Errorf("printed robots.txt:\n%s\nserved:\n%s", printedRobots, served)
	}
	sameDocument(t, robots.Parse([]byte(printedRobots)), siteRobots())

	for i, p := range pages {
		lines := strings.Split(strings.TrimSuffix(blocks[i+1], "\n"), "\n")
		if lines[0] != p.path {
			t.Errorf("block %d is for %q, want %q", i+1, lines[0], p.path)
			continue
		}
		header, body := get(t, srv.URL+p.path)
		var served []string
		for _, name := range []string{"X-Robots-Tag", "Robots-Tag"} {
			for _, v := range header.Values(name) {
				served = append(served, name+": "+v)
			}
		}
		for _, line := range lines[1:] {
			if strings.HasPrefix(line, "<meta ") {
				if !bytes.Contains(body, []byte(line)) {
					t.Errorf("%s: printed %s, not in the served page", p.path, line)
				}
				continue
			}
			if len(served) == 0 || served[0] != line {
				t.Errorf("%s: printed %q, served headers %q", p.path, line, served)
				continue
			}
			served = served[1:]
		}
		if len(served) > 0 {
			t.Errorf("%s: served %q, not printed", p.path, served)
		}
	}
}
