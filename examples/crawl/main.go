// Crawl is a small, polite crawler run against a site it builds itself on
// loopback, so it needs no network and finishes in well under a second.
//
// It shows the whole loop a crawler runs around package robots:
//
//   - before each request, ask a [robots.Cache] whether the URL may be
//     fetched ([robots.Cache.Explain] gives the deciding line for the log);
//   - pace requests per origin by [robots.Cache.CrawlDelay], capped at a
//     minute, and read the sitemaps its robots.txt lists when the crawl
//     first visits a page there;
//   - after the response, merge the page's directives for this bot
//     ([robots.ExplainDirectives]): noindex and a past unavailable_after
//     keep the page out of storage, nofollow keeps its links out of the
//     frontier;
//   - queue an HTML page's links ([robots.Links]), except those whose rel
//     is nofollow, ugc or sponsored;
//   - queue a redirect's target rather than following it, so that it is
//     checked against robots.txt too.
//
// Each decision is one audit line: the URL, the decision and its reason, the
// robots.txt line or the directive's carrier. A summary follows.
//
// Run it from the repository root:
//
//	go run ./examples/crawl
//
// It exits with status 1 when the crawl did anything a polite crawler must
// not, or failed.
package main

import (
	"context"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/sdxc/robots"
)

// userAgent is what the crawler sends; its product token, "examplebot", is
// the name robots.txt groups and bot-scoped directives address.
const userAgent = "ExampleBot/1.0 (+https://example.com/bot)"

const (
	// demoSecond is how long one second of Crawl-delay lasts in this demo,
	// so that it finishes at once. A real crawler waits the full delay.
	demoSecond = 10 * time.Millisecond

	// defaultDelay paces origins whose robots.txt names no Crawl-delay,
	// and maxDelay caps the Crawl-delay this crawler will wait: robots.txt
	// may ask for any, up to the longest Duration (about 292 years).
	defaultDelay = 1 * time.Second
	maxDelay     = 1 * time.Minute

	maxPages     = 100     // stop after this many fetches
	maxBodyBytes = 1 << 20 // read at most this much of a page
)

// An entry is one line of the audit log.
type entry struct {
	URL      string
	Decision string // robots, sitemap, fetch, refuse, redirect, store, noindex, expired, nofollow, skip, error
	Reason   string
}

// A summary is what a crawl did.
type summary struct {
	Log []entry

	Fetched      int // pages fetched, whatever their HTTP status
	Stored       int // pages stored for the index
	NotIndexed   int // pages fetched but not stored: noindex or unavailable_after
	LinksSkipped int // links not queued: rel nofollow/ugc/sponsored, or on a nofollow page
	Refused      int // URLs robots.txt refused
	Errors       int // requests that failed

	Sitemaps       []string                   // sitemap URLs found in robots.txt files
	ContentSignals map[string]map[string]bool // Content-Signal for this bot, by robots.txt URL
}

func main() {
	// The demo takes no arguments; -h says so, and anything else is a
	// usage error rather than silently ignored.
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: go run ./examples/crawl (no arguments: it crawls a site it serves itself on loopback)")
	}
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "crawl: unexpected argument %q\n", flag.Arg(0))
		flag.Usage()
		os.Exit(2)
	}
	if _, err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "crawl:", err)
		os.Exit(1)
	}
}

// run starts the demo site, crawls it from its home page, writes the audit
// log and the summary to w, and checks the crawl was polite.
func run(w io.Writer) (*summary, error) {
	s := startSite()
	defer s.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	sum := crawl(ctx, w, s.transport(), "http://news.example/")
	if err := s.check(userAgent); err != nil {
		return sum, err
	}
	if sum.Errors > 0 {
		return sum, fmt.Errorf("%d requests failed", sum.Errors)
	}
	return sum, nil
}

// A crawler holds the state of one crawl. It fetches one URL at a time.
type crawler struct {
	w        io.Writer
	robots   *robots.Cache
	client   *http.Client
	seen     map[string]bool    // every URL ever queued
	sitemaps map[string]bool    // every sitemap read
	origins  map[string]*pacing // by robots.txt URL, which names the origin
	sum      summary
}

// pacing spaces the requests to one origin.
type pacing struct {
	delay        time.Duration // between two requests, demo-scaled
	next         time.Time     // earliest time of the next request
	sitemapsRead bool          // the sitemaps of its robots.txt have been read
}

// crawl crawls breadth-first from seeds and returns what it did. Each level
// of the frontier is visited in sorted order, so the log is the same on
// every run.
func crawl(ctx context.Context, w io.Writer, transport http.RoundTripper, seeds ...string) *summary {
	c := &crawler{
		w: w,
		// One Cache for the whole crawl: each origin's robots.txt is
		// fetched once and kept for as long as its response allows.
		// A real crawler leaves Client nil; the demo needs its transport.
		robots: &robots.Cache{Fetcher: robots.Fetcher{
			UserAgent: userAgent,
			Client:    &http.Client{Transport: transport},
		}},
		client: &http.Client{
			Transport: transport,
			Timeout:   10 * time.Second,
			// Redirect targets are queued, not followed: robots.txt has a
			// say on them too.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
		seen:     make(map[string]bool),
		sitemaps: make(map[string]bool),
		origins:  make(map[string]*pacing),
		sum:      summary{ContentSignals: make(map[string]map[string]bool)},
	}
	fmt.Fprintf(w, "crawling as %q (product token %q)\n", userAgent, robots.ProductToken(userAgent))
	fmt.Fprintf(w, "Crawl-delay is scaled for the demo: 1 s in robots.txt waits %v here\n\n", demoSecond)

	level := c.queue(nil, seeds...)
	for len(level) > 0 && c.more(ctx) {
		slices.Sort(level)
		var next []string
		for _, u := range level {
			if !c.more(ctx) {
				break
			}
			next = append(next, c.visit(ctx, u)...)
		}
		level = next
	}

	fmt.Fprintf(w, "\nfetched %d, stored %d, not indexed %d, links not followed %d, refused by robots.txt %d\n",
		c.sum.Fetched, c.sum.Stored, c.sum.NotIndexed, c.sum.LinksSkipped, c.sum.Refused)
	fmt.Fprintf(w, "sitemaps found: %s\n", strings.Join(c.sum.Sitemaps, ", "))
	for _, origin := range slices.Sorted(maps.Keys(c.sum.ContentSignals)) {
		fmt.Fprintf(w, "content signals for %s at %s: %s\n",
			robots.ProductToken(userAgent), origin, formatSignals(c.sum.ContentSignals[origin]))
	}
	return &c.sum
}

// more reports whether the crawl may go on: fewer than maxPages fetched,
// and time left.
func (c *crawler) more(ctx context.Context) bool {
	return c.sum.Fetched < maxPages && ctx.Err() == nil
}

// log writes one audit line and keeps it in the summary.
func (c *crawler) log(rawURL, decision, reason string) {
	c.sum.Log = append(c.sum.Log, entry{rawURL, decision, reason})
	fmt.Fprintf(c.w, "%-42s %-8s %s\n", rawURL, decision, reason)
}

// queue adds the URLs not seen before to level and returns it.
func (c *crawler) queue(level []string, urls ...string) []string {
	for _, u := range urls {
		if !c.seen[u] {
			c.seen[u] = true
			level = append(level, u)
		}
	}
	return level
}

// visit fetches pageURL if robots.txt allows it, decides whether to store
// it, and returns the new URLs it leads to.
func (c *crawler) visit(ctx context.Context, pageURL string) []string {
	var found []string
	p := c.origin(ctx, pageURL)
	if !p.sitemapsRead {
		p.sitemapsRead = true
		found = c.readSitemaps(ctx, pageURL)
	}

	decision := c.robots.Explain(ctx, userAgent, pageURL)
	if !decision.Allowed {
		c.sum.Refused++
		c.log(pageURL, "refuse", decision.String())
		return found
	}
	resp, body, err := c.get(ctx, p, pageURL)
	if err != nil {
		c.sum.Errors++
		c.log(pageURL, "error", err.Error())
		return found
	}
	c.sum.Fetched++
	c.log(pageURL, "fetch", decision.String())

	if resp.StatusCode >= 300 && resp.StatusCode < 400 {
		target, err := resp.Location()
		if err != nil {
			c.sum.Errors++
			c.log(pageURL, "error", fmt.Sprintf("HTTP %d without a usable Location", resp.StatusCode))
			return found
		}
		target.Fragment = ""
		c.log(pageURL, "redirect", fmt.Sprintf("HTTP %d to %s, queued", resp.StatusCode, target))
		return c.queue(found, target.String())
	}
	if resp.StatusCode != http.StatusOK {
		c.sum.Errors++
		c.log(pageURL, "error", fmt.Sprintf("HTTP %d", resp.StatusCode))
		return found
	}

	// The page's directives for this bot, from every carrier, merged. They
	// are applied before the page is stored and before its links are queued.
	d, sources := robots.ExplainDirectives(resp.Header, body, userAgent)
	switch {
	case d.NoIndex:
		c.sum.NotIndexed++
		c.log(pageURL, "noindex", carriers(sources, func(s robots.Directives) bool { return s.NoIndex }))
	case !d.UnavailableAfter.IsZero() && !time.Now().Before(d.UnavailableAfter):
		c.sum.NotIndexed++
		c.log(pageURL, "expired", "unavailable_after has passed: "+
			carriers(sources, func(s robots.Directives) bool { return s.UnavailableAfter.Equal(d.UnavailableAfter) }))
	default:
		// A real crawler stores body here, honouring the rest of d:
		// NoArchive, NoSnippet, MaxSnippet and the others.
		c.sum.Stored++
		rest := d
		rest.NoFollow = false // applied below, to the links
		if rest.IsEmpty() {
			c.log(pageURL, "store", "no directive for "+robots.ProductToken(userAgent))
		} else {
			c.log(pageURL, "store", "with "+rest.String())
		}
	}

	if !robots.IsHTML(resp.Header, body) {
		return found // no links to read, as no meta tags were
	}
	base, _ := url.Parse(pageURL)
	links := robots.Links(body, base)
	if d.NoFollow {
		c.sum.LinksSkipped += len(links)
		c.log(pageURL, "nofollow", fmt.Sprintf("its %d link(s) not followed: %s", len(links),
			carriers(sources, func(s robots.Directives) bool { return s.NoFollow })))
		return found
	}
	for _, l := range links {
		if l.NoFollow {
			c.sum.LinksSkipped++
			c.log(l.URL, "skip", fmt.Sprintf("rel=%q on %s", strings.Join(l.Rel, " "), pageURL))
			continue
		}
		found = c.queue(found, l.URL)
	}
	return found
}

// origin returns the pacing of rawURL's origin. The first time the crawl
// meets an origin, its robots.txt is read and logged.
func (c *crawler) origin(ctx context.Context, rawURL string) *pacing {
	robotsURL, err := robots.RobotsURL(rawURL)
	if err != nil {
		return &pacing{delay: defaultDelay / (time.Second / demoSecond), sitemapsRead: true}
	}
	if p, ok := c.origins[robotsURL]; ok {
		return p
	}
	delay, ok := c.robots.CrawlDelay(ctx, userAgent, rawURL)
	if !ok {
		delay = defaultDelay
	}
	p := &pacing{delay: min(delay, maxDelay) / (time.Second / demoSecond)}
	c.origins[robotsURL] = p

	outcome, err := c.robots.Outcome(ctx, rawURL)
	if err != nil {
		c.log(robotsURL, "robots", err.Error())
		return p
	}
	reason := fmt.Sprintf("%s (HTTP %d)", outcome.Status, outcome.HTTPStatus)
	switch outcome.Status {
	case robots.Parsed:
		if signals := outcome.Robots.ContentSignalsFor(userAgent); signals != nil {
			c.sum.ContentSignals[robotsURL] = signals
		}
	case robots.Unavailable:
		reason += ": everything allowed"
	case robots.Unreachable:
		reason += ": everything refused"
	}
	switch {
	case !ok:
		reason += fmt.Sprintf(", no Crawl-delay: demo waits %v", p.delay)
	case delay > maxDelay:
		reason += fmt.Sprintf(", Crawl-delay %v, capped at %v: demo waits %v", delay, maxDelay, p.delay)
	default:
		reason += fmt.Sprintf(", Crawl-delay %v: demo waits %v", delay, p.delay)
	}
	c.log(robotsURL, "robots", reason)
	return p
}

// readSitemaps reads the sitemaps listed in the robots.txt of rawURL's origin
// and returns the new page URLs they list.
func (c *crawler) readSitemaps(ctx context.Context, rawURL string) []string {
	outcome, err := c.robots.Outcome(ctx, rawURL)
	if err != nil || outcome.Status != robots.Parsed {
		return nil
	}
	var found []string
	for _, sitemap := range outcome.Robots.Sitemaps {
		if c.sitemaps[sitemap] {
			continue // listed by another robots.txt, or twice in this one
		}
		c.sitemaps[sitemap] = true
		c.sum.Sitemaps = append(c.sum.Sitemaps, sitemap)
		c.seen[sitemap] = true
		if d := c.robots.Explain(ctx, userAgent, sitemap); !d.Allowed {
			c.sum.Refused++
			c.log(sitemap, "refuse", d.String())
			continue
		}
		resp, body, err := c.get(ctx, c.origin(ctx, sitemap), sitemap)
		if err == nil && resp.StatusCode != http.StatusOK {
			err = fmt.Errorf("HTTP %d", resp.StatusCode)
		}
		var set struct {
			URLs []string `xml:"url>loc"`
		}
		if err == nil {
			err = xml.Unmarshal(body, &set)
		}
		if err != nil {
			c.sum.Errors++
			c.log(sitemap, "error", err.Error())
			continue
		}
		before := len(found)
		found = c.queue(found, set.URLs...)
		c.log(sitemap, "sitemap", fmt.Sprintf("lists %d URLs, %d new", len(set.URLs), len(found)-before))
	}
	return found
}

// get fetches rawURL once the origin's pacing allows, and reads its body.
func (c *crawler) get(ctx context.Context, p *pacing, rawURL string) (*http.Response, []byte, error) {
	if wait := time.Until(p.next); wait > 0 {
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return nil, nil, ctx.Err()
		}
	}
	defer func() { p.next = time.Now().Add(p.delay) }()

	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("User-Agent", userAgent)
	resp, err := c.client.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBodyBytes))
	return resp, body, err
}

// carriers names the sources whose directives has reports, as the reason of
// an audit line.
func carriers(sources []robots.Source, has func(robots.Directives) bool) string {
	var names []string
	for _, s := range sources {
		if s.Err == nil && has(s.Directives) {
			names = append(names, s.String())
		}
	}
	return strings.Join(names, "; ")
}

// formatSignals writes Content-Signal preferences as robots.txt does.
func formatSignals(signals map[string]bool) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(signals)) {
		v := "no"
		if signals[k] {
			v = "yes"
		}
		parts = append(parts, k+"="+v)
	}
	return strings.Join(parts, ", ")
}
