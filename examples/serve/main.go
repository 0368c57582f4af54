// Serve is the publisher's side: a small site that writes its robots.txt and
// its page directives from Go values.
//
// The robots.txt is a [robots.Robots] written with [robots.Robots.MarshalText]:
// groups with per-bot rules and Crawl-delay, Content-Signal preferences and a
// Sitemap. Each page's directives are [robots.Directives] sets, one per bot,
// sent the three ways crawlers read them: an X-Robots-Tag line per set
// ([robots.Directives.String]), the Robots-Tag structured field
// ([robots.FormatRobotsTag]) and meta tags in the page head
// ([robots.Directives.ExplicitString]).
//
// From the repository root:
//
//	go run ./examples/serve                # serve on http://127.0.0.1:8080/
//	go run ./examples/serve -addr :9000    # on port 9000 of every interface
//	go run ./examples/serve -print         # write robots.txt and each page's directives, then exit
package main

import (
	"encoding/xml"
	"flag"
	"fmt"
	"html"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/sdxc/robots"
)

// origin is where the site is published. Sitemap lines are absolute URLs, so
// they name the public origin, not the address the server listens on.
const origin = "https://www.example.com"

// siteRobots is the site's robots.txt.
func siteRobots() *robots.Robots {
	return &robots.Robots{
		// Content-Signal before the first group applies to every bot.
		ContentSignals: map[string]bool{"search": true, "ai-input": true, "ai-train": false},
		Groups: []robots.Group{
			{
				UserAgents: []string{"*"},
				Rules: []robots.Rule{
					{Allow: false, Pattern: "/drafts/"},
					{Allow: false, Pattern: "/*?sessionid="},
				},
				CrawlDelay: 5 * time.Second,
			},
			{
				// A bot named in a group follows that group alone: it
				// repeats the rules it shares with "*".
				UserAgents: []string{"ExampleBot"},
				Rules: []robots.Rule{
					{Allow: false, Pattern: "/drafts/"},
					{Allow: true, Pattern: "/drafts/press-*"},
					{Allow: false, Pattern: "/*?sessionid="},
				},
				CrawlDelay:     time.Second,
				ContentSignals: map[string]bool{"ai-input": false},
			},
			{
				UserAgents: []string{"GPTBot", "CCBot"},
				Rules:      []robots.Rule{{Allow: false, Pattern: "/"}},
			},
		},
		Sitemaps: []string{origin + "/sitemap.xml"},
	}
}

// A page is one HTML page of the site and the directives it sends: one set
// per bot, the set for every bot (Bot "") first.
type page struct {
	path, title string
	directives  []robots.Directives
}

var pages = []page{
	{"/", "Home", []robots.Directives{
		{MaxSnippet: new(160), MaxImagePreview: "large"},
		{Bot: "examplebot", NoArchive: true},
	}},
	// Search results: kept out of the index, their links still followed.
	{"/search", "Search", []robots.Directives{{NoIndex: true}}},
	{"/events/launch", "Launch party", []robots.Directives{
		{UnavailableAfter: time.Date(2027, 6, 30, 0, 0, 0, 0, time.UTC)},
	}},
	{"/account", "Your account", []robots.Directives{{NoIndex: true, NoFollow: true}}},
	// Only a set for one bot: every other bot may do as it likes.
	{"/gallery", "Gallery", []robots.Directives{{Bot: "otherbot", NoImageIndex: true, NoSnippet: true}}},
}

// header returns the page's directive headers: one X-Robots-Tag line per
// set, and a Robots-Tag field holding them all. Crawlers merge every carrier,
// so sending the same sets several ways is safe; a real site usually picks
// one. X-Robots-Tag works for any content type and is the one every crawler
// reads; Robots-Tag is its structured-field successor (draft-illyes-repext).
func (p page) header() (http.Header, error) {
	h := http.Header{}
	for _, d := range p.directives {
		h.Add("X-Robots-Tag", d.String())
	}
	field, err := robots.FormatRobotsTag(p.directives...)
	if err != nil {
		return nil, err
	}
	h.Set("Robots-Tag", field)
	return h, nil
}

// metaTags returns the page's meta tags: <meta name="robots"> for the set
// for every bot, and <meta name="BOT"> for a set scoped to one bot (see
// [robots.Directives.MetaTag]).
func (p page) metaTags() []string {
	var tags []string
	for _, d := range p.directives {
		tags = append(tags, d.MetaTag())
	}
	return tags
}

func (p page) html() string {
	var b strings.Builder
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html><head>\n<title>%s</title>\n", html.EscapeString(p.title))
	for _, tag := range p.metaTags() {
		b.WriteString(tag + "\n")
	}
	fmt.Fprintf(&b, "</head><body>\n<h1>%s</h1>\n<ul>\n", html.EscapeString(p.title))
	for _, q := range pages {
		fmt.Fprintf(&b, "<li><a href=\"%s\">%s</a></li>\n", q.path, html.EscapeString(q.title))
	}
	b.WriteString("</ul>\n</body></html>\n")
	return b.String()
}

// urlset is a sitemap (sitemaps.org protocol 0.9).
type urlset struct {
	XMLName xml.Name     `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	URLs    []sitemapURL `xml:"url"`
}

type sitemapURL struct {
	Loc string `xml:"loc"`
}

// newHandler returns the site's handler. Everything is written once, here,
// so that a value MarshalText or FormatRobotsTag refuses stops the server
// from starting rather than failing requests.
func newHandler() (http.Handler, error) {
	robotsTxt, err := siteRobots().MarshalText()
	if err != nil {
		return nil, err
	}
	// The sitemap lists the pages meant for the index.
	sitemap := urlset{}
	for _, p := range pages {
		if len(p.directives) == 0 || p.directives[0].Bot != "" || !p.directives[0].NoIndex {
			sitemap.URLs = append(sitemap.URLs, sitemapURL{origin + p.path})
		}
	}
	sitemapXML, err := xml.MarshalIndent(sitemap, "", "  ")
	if err != nil {
		return nil, err
	}

	mux := http.NewServeMux()
	mux.HandleFunc("GET /robots.txt", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Write(robotsTxt)
	})
	mux.HandleFunc("GET /sitemap.xml", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/xml")
		io.WriteString(w, xml.Header)
		w.Write(sitemapXML)
	})
	for _, p := range pages {
		header, err := p.header()
		if err != nil {
			return nil, fmt.Errorf("page %s: %w", p.path, err)
		}
		body := p.html()
		pattern := "GET " + p.path
		if strings.HasSuffix(p.path, "/") {
			pattern += "{$}" // "/" alone, not every path under it
		}
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			for k, v := range header {
				w.Header()[k] = slices.Clone(v) // not shared between responses
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			io.WriteString(w, body)
		})
	}
	return mux, nil
}

// printSite writes what the site serves: its robots.txt, then each page's
// directive headers and meta tags.
func printSite(w io.Writer) error {
	robotsTxt, err := siteRobots().MarshalText()
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "GET /robots.txt\n\n%s", robotsTxt)
	for _, p := range pages {
		header, err := p.header()
		if err != nil {
			return fmt.Errorf("page %s: %w", p.path, err)
		}
		fmt.Fprintf(w, "\nGET %s\n", p.path)
		for _, name := range []string{"X-Robots-Tag", "Robots-Tag"} {
			for _, v := range header.Values(name) {
				fmt.Fprintf(w, "%s: %s\n", name, v)
			}
		}
		for _, tag := range p.metaTags() {
			fmt.Fprintln(w, tag)
		}
	}
	return nil
}

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "listen on `address`")
	printOnly := flag.Bool("print", false, "write robots.txt and each page's directives to standard output, and exit")
	flag.Parse()
	if flag.NArg() > 0 {
		// Not ignored: "serve 9000" would serve on 8080, and say so only
		// in passing.
		fmt.Fprintf(os.Stderr, "serve: unexpected argument %q (give an address with -addr)\n", flag.Arg(0))
		flag.Usage()
		os.Exit(2)
	}

	if *printOnly {
		if err := printSite(os.Stdout); err != nil {
			log.Fatal(err)
		}
		return
	}
	h, err := newHandler()
	if err != nil {
		log.Fatal(err)
	}
	// Listen first, so that the address logged is the one bound (a port
	// of 0 or a busy one says so), then serve.
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	log.Printf("serving %s/robots.txt and %d pages", servingURL(ln.Addr()), len(pages))
	log.Fatal(srv.Serve(ln))
}

// servingURL is the URL to open for a listener at addr: on every interface
// ("[::]:9000", "0.0.0.0:9000"), it is localhost's, since "http://[::]:9000"
// cannot be opened as written.
func servingURL(addr net.Addr) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return "http://" + addr.String()
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}
