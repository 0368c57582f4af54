package robots

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"container/list"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"
)

// The defaults of a Fetcher's and a MemoryStore's zero fields.
const (
	// DefaultMaxRedirects is how many redirects a Fetcher follows when its
	// MaxRedirects is zero: five, the least RFC 9309 §2.3.1.2 asks for.
	DefaultMaxRedirects = 5

	// DefaultTimeout bounds a retrieval, every request of its redirect chain
	// and the body, when a Fetcher's Timeout is zero or less.
	DefaultTimeout = 10 * time.Second

	// DefaultMaxOrigins is how many origins a MemoryStore keeps when its
	// MaxOrigins is zero or less.
	DefaultMaxOrigins = 10000
)

// Limits of fetching and caching, documented on the fields and functions
// that apply them.
const (
	// maxLifetime caps every Lifetime: RFC 9309 §2.4 says a cached robots.txt
	// should not be used for more than 24 hours.
	maxLifetime = 24 * time.Hour

	// retryLifetime is the Lifetime of an Unreachable outcome with no usable
	// Retry-After: the origin is asked again within the hour.
	retryLifetime = time.Hour

	// unreachableGrace is how long an origin stays Unreachable before the
	// Cache falls back on what it knew (RFC 9309 §2.3.1.4: "for example, 30
	// days").
	unreachableGrace = 30 * 24 * time.Hour

	// maxClockSkew is how far in the future a stored entry's FetchedAt may
	// be and still count as fetched now: workers sharing a Store read one
	// another's clocks, which are seldom exactly together.
	maxClockSkew = 5 * time.Minute

	// maxFallbackOrigins bounds the entries a Cache keeps for itself while
	// its Store fails (see Store).
	maxFallbackOrigins = 1000

	// maxLocationBytes bounds the Location a redirect is followed to:
	// RFC 9110 §4.1 asks for URIs of 8,000 octets to be supported, and
	// FinalURL and Error, which a cache keeps, quote it.
	maxLocationBytes = 8000

	// maxRawLocationBytes bounds the Location header parsed at all: a
	// fragment or userinfo, which are dropped, may make it longer than the
	// URL followed, but not by this much.
	maxRawLocationBytes = 64 << 10

	// maxErrorBytes bounds an Outcome's Error (see clipError).
	maxErrorBytes = 2048

	// maxContentCodings bounds the Content-Encoding chain a body may declare:
	// each layer holds a decompressor's window, so a header listing thousands
	// of codings must not cost thousands of them.
	maxContentCodings = 4
)

// A Fetcher retrieves robots.txt files over HTTP and maps every result to the
// decision RFC 9309 §2.3 prescribes. Only UserAgent needs setting:
//
//	f := robots.Fetcher{UserAgent: "ExampleBot/1.0 (+https://example.com/bot)"}
//	outcome := f.Fetch(ctx, "https://example.com/some/page")
//
// A Fetcher is safe for concurrent use as long as its fields are not changed
// while it fetches.
//
// Redirects are followed to any host, as RFC 9309 §2.3.1.2 asks, and so is a
// page URL's own host: loopback and private addresses included. A crawler
// that must not reach its own network gives the Fetcher a Client whose
// Transport refuses them when it dials (a net.Dialer with a Control function
// that checks the address, as ExampleFetcher_privateAddresses in
// example_test.go shows), where a name already resolved is checked, not one
// a later lookup could change.
type Fetcher struct {
	// Client sends the requests. Its Transport, Jar and Timeout are used as they
	// are (the Timeout covering the redirects followed and the body, as net/http
	// has it); the Client is not changed, but a copy of it sends the requests,
	// with the Transport wrapped so as to see a response that net/http then drops
	// (a redirect whose Location does not parse, which it fails as an error). The
	// Fetcher follows redirects itself, so that it can count them, and asks
	// Client.CheckRedirect about every hop: a hop it refuses, by returning any
	// error, makes the outcome Unreachable. That includes http.ErrUseLastResponse,
	// which asks that the hop not be sent: the caller's policy is kept, never
	// overridden. So do not give the Fetcher a client whose CheckRedirect returns
	// it to see the redirects of pages: robots.txt is often redirected (to https,
	// to www), and every such origin would refuse everything; give it a copy with
	// CheckRedirect nil. Nil means a default client, one that every Fetcher
	// with a nil Client in the process shares, with a transport and connection
	// pool of its own, not http.DefaultTransport's (proxies from the
	// environment, 10 s to connect and to complete a TLS handshake, response
	// headers up to 1 MiB, HTTP/2 when the server offers it).
	Client *http.Client

	// UserAgent is sent as the User-Agent header of every request, redirects
	// included. It is required: when it is empty or blank, or holds an octet
	// no header value may (a control other than tab, such as the line end of
	// a name read from a file), nothing is sent and the outcome is
	// Unreachable, for a minute, as one that says nothing about the origin.
	UserAgent string

	// MaxBytes is how many bytes of the decoded body are parsed (one more
	// is read, to tell a longer body, which is then Truncated); a line
	// crossing the limit is dropped whole. Zero or less means
	// DefaultMaxBytes (500 KiB, the minimum RFC 9309 §2.5 asks crawlers to
	// read), and more than math.MaxInt32 (2 GiB less one octet, the most
	// ParseLimit parses) means math.MaxInt32.
	MaxBytes int

	// MaxRedirects is how many redirects are followed; one more gives an
	// Unavailable outcome. Zero means DefaultMaxRedirects (5: RFC 9309
	// §2.3.1.2 asks for at least five); a negative value follows none. As
	// with net/http's own redirects, each hop's response headers are kept
	// until Fetch returns (for CheckRedirect's via), so memory grows with
	// it: up to the Transport's MaxResponseHeaderBytes a hop, which is 1 MiB
	// in the default client (net/http's own default is 10 MiB).
	MaxRedirects int

	// Timeout bounds the whole retrieval: every request of the redirect
	// chain and the body. Zero or less means DefaultTimeout (10 seconds).
	Timeout time.Duration
}

// fetchConfig is a Fetcher with its defaults applied.
type fetchConfig struct {
	client       *http.Client
	maxBytes     int
	maxRedirects int
	timeout      time.Duration
}

// config applies the defaults documented on Fetcher's fields: the one place
// they live.
func (f *Fetcher) config() fetchConfig {
	c := fetchConfig{f.Client, byteLimit(f.MaxBytes), f.MaxRedirects, f.Timeout}
	if c.client == nil {
		c.client = defaultClient()
	}
	switch {
	case c.maxRedirects == 0:
		c.maxRedirects = DefaultMaxRedirects
	case c.maxRedirects < 0:
		c.maxRedirects = 0
	}
	if c.timeout <= 0 {
		c.timeout = DefaultTimeout
	}
	return c
}

// defaultClient is the client of Fetchers with a nil Client. It has a
// transport of its own so that nothing another package does to
// http.DefaultTransport changes how robots.txt is fetched.
var defaultClient = sync.OnceValue(func() *http.Client {
	return &http.Client{Transport: &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          100,
		IdleConnTimeout:       30 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ExpectContinueTimeout: time.Second,
		// Headers a robots.txt needs are a few hundred octets; net/http's
		// default allows 10 MiB, which each redirect hop would hold.
		MaxResponseHeaderBytes: 1 << 20,
	}}
})

// A Status is the kind of an Outcome, as RFC 9309 §2.3.1 names them.
type Status string

// The statuses of an Outcome.
const (
	// Parsed: a 2xx response; its body's rules decide (RFC 9309 §2.3.1.1).
	Parsed Status = "parsed"
	// Unavailable: a 4xx other than 429, or redirects that lead nowhere
	// (too many, a loop, no usable Location, or a 3xx that is no redirect,
	// such as 300, 304 or 305); everything is allowed (RFC 9309 §2.3.1.3).
	Unavailable Status = "unavailable"
	// Unreachable: 429, 5xx, a final 1xx or a status outside 100-599, a
	// network failure, a redirect the crawler's own policy refused, or a
	// page URL that cannot be fetched; nothing is allowed but /robots.txt
	// (RFC 9309 §2.3.1.4).
	Unreachable Status = "unreachable"
)

// An Outcome is the result of one robots.txt retrieval: what was fetched,
// what it decides and how long it may be kept. It is plain data:
// encoding/json writes and reads it with identical decisions, so outcomes
// can be stored and shared. The robots.txt is stored as MarshalText writes
// it, without its comments, and beside it each rule's line in the file as
// served, so that a Decision from an outcome read back cites the same line
// as before (see MarshalJSON).
//
// The zero Outcome, an Outcome with an unknown Status and a nil *Outcome are
// Unreachable: they refuse everything but /robots.txt. So is a Parsed one
// whose Robots is nil, which Fetch never returns (it parses every 2xx body,
// an empty one too): a stored outcome that lost its file fails closed.
//
// Its query methods (IsAllowed, Explain, Agent, CrawlDelay, ...) are safe
// for concurrent use, as its Robots's are; an Outcome that is shared must
// not be changed.
//
// An Outcome may be copied: a copy decides as the original does, and shares
// its Robots (only a Robots itself must not be copied). One made in code from
// the exported fields alone, a Parsed one with Robots from Parse, say, is
// read as one Fetch returned: a test can Put CacheEntries of any age into a
// MemoryStore to see what a Cache does with an origin that outcome left
// stale, or unreachable for 30 days, without waiting for either (an
// Unreachable entry with its UnreachableSince: one without reads as a
// redirect the crawler's own CheckRedirect refused; see CacheEntry).
type Outcome struct {
	Status Status // Parsed, Unavailable or Unreachable: what IsAllowed decides by

	// HTTPStatus is the status code of the response to the last request
	// sent; 0 when that request got no response.
	HTTPStatus int

	// Robots is the parsed body when Status is Parsed; nil otherwise.
	Robots *Robots

	// Lifetime is how long a cache may keep this outcome, counted from
	// FetchedAt. For Parsed and Unavailable it is Cache-Control max-age minus
	// Age, else Expires minus Date (an invalid Expires such as "0" is already
	// expired, RFC 9111 §5.3), else 24 hours; never above 24 hours (RFC 9309
	// §2.4). For a 429, a 5xx or a status outside 100-599 (a final 1xx too)
	// it is Retry-After, capped at 24 hours, else 1 hour. For a network
	// failure, a refused redirect or a page URL that cannot be fetched it is
	// 1 hour. It is 1 minute when ctx ended the retrieval or the Fetcher's
	// UserAgent cannot be sent (see Fetcher.UserAgent): such outcomes say
	// nothing about the origin, and should be asked again soon.
	//
	// It can be 0: "max-age=0", an Expires at or before Date, "Retry-After:
	// 0". A Cache then retrieves robots.txt again for every question,
	// unless its MinLifetime sets a floor. Fetch never gives a negative
	// Lifetime; a Cache reads one (set in code, or read from JSON such as
	// "-1h") as 0, and one above 24 hours as 24 hours.
	//
	// A max-age that is not delta-seconds ("max-age=-1", "=abc", "=1.5") is
	// skipped, as if absent, where RFC 9111 §4.2.1 only encourages reading
	// it as stale: that would have a Cache fetch robots.txt again for every
	// question, for a typo. An invalid Expires is stale, as RFC 9111 §5.3
	// requires.
	//
	// Of Cache-Control only max-age is read: no-store, no-cache, private and
	// s-maxage change nothing, so "no-store" alone gives 24 hours and
	// "no-cache, max-age=600" 10 minutes. A robots.txt is a rule set a
	// crawler must hold to decide anything, not a response it may choose not
	// to store.
	//
	// Age is subtracted from max-age only, where RFC 9111 §4.2.3 would count
	// it against Expires as well: "Expires: Date + 2h" with "Age: 600" gives
	// 2 hours, not 1 hour 50.
	Lifetime time.Duration

	// URL is the robots.txt URL for the page URL, the first one requested;
	// "" when the page URL is not an absolute http or https URL.
	URL string

	// FinalURL is the URL of the last request made, whether or not it
	// reached a server; it differs from URL when redirects were followed.
	// "" when no request was made (a page URL that cannot be fetched, a
	// UserAgent that cannot be sent).
	FinalURL string

	// Redirects is how many redirects were followed.
	Redirects int

	// Truncated reports that the body was longer than MaxBytes: only its
	// first MaxBytes bytes were parsed. A body whose first MaxBytes bytes
	// arrived and that then broke off, short of what its framing said,
	// counts as longer (see Fetch).
	Truncated bool

	// Error says why the retrieval failed or stopped short of a final
	// response: a network error, a redirect not followed or refused (a 3xx
	// without a usable Location, or one such as 300 or 304 that is not a
	// redirect), a body that could not be read or decoded, or a timeout:
	// "the caller's context ended", "Fetcher.Timeout of 10s ran out" or
	// "Client.Timeout of 5s ran out" (a Transport's own timeouts, to dial or
	// for the headers, say so in net/http's words), or a status that is no
	// final status (a 1xx, or one outside 100-599, so that "HTTP/1.1 000",
	// whose HTTPStatus is 0, is told from no response). "" when a 2xx, 4xx
	// or 5xx decided. Fetch cuts it at 2 KiB: it may quote what a server
	// sent, but never the userinfo ("user:password@") of a URL it quotes,
	// and what is not graphic in it (a control such as CR, LF or ESC, a
	// bidi override, an octet that is not UTF-8: a certificate's names are
	// quoted raw by crypto/x509) is escaped as Go escapes it ("\r",
	// "\u202e", "\xff"), so that it is one line of text.
	Error string

	// Err is Error as an error, for errors.Is and errors.As: its Error
	// method returns Error's text (escaped, cut, without userinfo), and it
	// unwraps to the error that text was written from, when one caused it.
	// That is the Client's for a network failure (a *net.DNSError, whose
	// IsNotFound says the host does not exist; a *net.OpError for a refused
	// connection; a *tls.CertificateVerificationError; a net.Error whose
	// Timeout reports true for the Client's or the Transport's own
	// timeouts); the caller's context's cause when it ended the retrieval
	// (context.Canceled, or what context.WithCancelCause was given);
	// context.DeadlineExceeded for the Fetcher's Timeout; what the caller's
	// Client.CheckRedirect refused a redirect with; the body's reading or
	// decoding error (io.ErrUnexpectedEOF for a body cut short,
	// gzip.ErrChecksum). An error deeper in the chain may quote a URL as it
	// was given, userinfo and all. Err is nil when Error is "". It is not
	// written to JSON: UnmarshalJSON gives an Outcome whose Error is not ""
	// an Err with that text that unwraps to nothing, and so does a Cache to
	// the Unavailable outcome of an origin unreachable for 30 days. An
	// Outcome made in code may leave it nil; nothing in this package reads
	// it.
	Err error

	// FetchedAt is when the retrieval ended, in UTC.
	FetchedAt time.Time

	// ownPolicy marks an outcome the caller's own Client.CheckRedirect
	// decided, which says nothing of the server: the Cache starts no 30
	// days with it (see Cache). It is not kept in JSON: the entry a Cache
	// stores with such an outcome has no UnreachableSince, which says so.
	ownPolicy bool
}

// Fetch retrieves the robots.txt of pageURL's origin and returns what it
// decides. It never panics and always returns an Outcome; when it cannot
// know, the outcome is Unreachable, which refuses everything but
// /robots.txt. (A panic raised in the caller's own Client, by its
// Transport, CheckRedirect or Jar, is not recovered: it passes through
// Fetch, as it does through the Client's Do.)
//
// The request goes to scheme://host[:port]/robots.txt with GET: the page
// URL's path, query, fragment and userinfo are dropped, so its credentials
// are never sent, and an internationalized host is sent in its ASCII form.
// Redirects (301, 302, 303, 307, 308) are followed up to MaxRedirects, to any
// host and from https to http (RFC 9309 §2.3.1.2 follows them across
// authorities and says nothing of schemes): the file found governs
// pageURL's origin, and the outcome's FinalURL says where it came from (a
// crawler that will not let a file read over plain http decide an https
// origin checks its scheme). A Location is read and resolved against the
// request as Links reads a href, as a browser does:
// whitespace around it and its fragment ignored, dot segments removed, its
// query escaped. A Location the chain requested already is a loop, not
// followed, unless the Client has a cookie jar: a server may redirect a URL
// to itself to set a cookie, which the jar sends back, so with one it is
// followed, up to MaxRedirects; either way, a chain that ends in a loop says
// "(a loop)" in the outcome's Error. A chain that ends in a 3xx
// (too many hops, a loop, no Location, a Location that does not parse, is not
// http or https, names no host ("//", "///x": an empty authority, RFC 3986
// §4.2) or no origin, makes a URL longer than 8,000 octets or is longer than
// 64 KiB itself, or a 3xx that is not a redirect: 300, 304, 305, 306 and
// unassigned ones) is Unavailable; so is a 4xx other than 429, whose body is
// never parsed: 407 Proxy Authentication Required too (RFC 9309 §2.3.1.3
// makes no exception), though over http it comes from the crawler's own
// proxy, not the site (over https the proxy's refusal is a network failure),
// so a crawler behind such a proxy should give its Client the proxy's
// credentials. Any 2xx is parsed, whatever its Content-Type: an HTML page is
// read as any text is, and most yield no rules and allow everything (see
// Parse for the lines of a page that read as rules). A 429, a 5xx, a final
// 1xx, a status outside 100-599, a malformed response, and every network,
// TLS, timeout or decoding failure are Unreachable. gzip and deflate bodies
// are decoded, in up to four layers (more are a decoding failure); MaxBytes
// applies to the decoded bytes, and a body cut short within its first
// MaxBytes is never parsed (one cut after them is read as Truncated, as one
// that went on would be: Fetch stops reading at the limit, as RFC 9309 §2.5
// lets a crawler and as Google does at 500 KiB, so damage past it, short
// framing or a bad gzip trailer, is never seen, and the rules before it are
// those the whole file would give). Cut short means shorter than its
// Content-Length or its chunked framing says: a body with neither, which ends
// where the server closes the connection, cannot be told from a whole one and
// is parsed as it came. So is a 206 Partial Content, as any 2xx, though it
// holds part of a file. A coded body, and each layer under the last, is read
// only up to eight times the MaxBytes+1 octets read, and 1 MiB, more than a
// compressor needs (deflate's stored blocks add 5 octets to 64 KiB, a gzip
// member a line some 25 octets a line): one that goes on further, as endless
// empty deflate blocks do, or empty gzip members past some 220,000 of them
// (23 octets each, for the default MaxBytes), is a decoding failure, so that
// a body that decodes to nothing cannot keep a retrieval reading until its
// Timeout; fewer are an empty file, which allows everything, as an empty
// file sent plainly does.
//
// Timeout bounds the whole retrieval, and ctx can end it sooner; a nil ctx
// is context.Background(). A nil *Fetcher is the zero Fetcher, which has no
// UserAgent: its outcomes are Unreachable, and nothing is sent.
func (f *Fetcher) Fetch(ctx context.Context, pageURL string) *Outcome {
	if ctx == nil {
		ctx = context.Background()
	}
	if f == nil {
		f = &Fetcher{}
	}
	o := &Outcome{Status: Unreachable}
	target, err := robotsURL(pageURL)
	if err != nil {
		return o.fail(err, retryLifetime)
	}
	if target.Scheme != "http" && target.Scheme != "https" {
		return o.fail(fmt.Errorf("robots: %q: %w", pageURL, errNotHTTP), retryLifetime) // without userinfo once done scrubs it
	}
	o.URL = target.String()
	if err := checkUserAgent(f.UserAgent); err != nil {
		return o.fail(err, shortLifetime)
	}
	cfg := f.config()
	tctx, cancel := context.WithTimeoutCause(ctx, cfg.timeout, textError(fmt.Sprintf("Fetcher.Timeout of %v ran out", cfg.timeout), context.DeadlineExceeded))
	defer cancel()
	return f.retrieve(ctx, tctx, cfg, target, o)
}

// OutcomeOf returns the Outcome of a robots.txt response that the caller
// retrieved itself, with err the error its client returned: for a crawler
// whose requests must go through a stack of its own rather than through a
// Fetcher's Client (which can already carry a Transport, proxy or cookie jar
// of the crawler's). It decides resp as Fetch decides the response a
// retrieval ends with, with MaxBytes of DefaultMaxBytes: a 2xx body is
// read, decoded and parsed; a 4xx other than 429 allows everything; a 429,
// a 5xx, any other status and a body that cannot be read refuse everything
// but /robots.txt; and Lifetime, Error, Truncated and FetchedAt are set
// alike. It reads and closes resp.Body.
//
// What Fetch bounds, the caller's client must: give it a timeout (OutcomeOf
// reads the body until it ends or fails), and have the request ask for
// "Accept-Encoding: gzip, deflate" itself, so that the Transport leaves the
// body coded and OutcomeOf decodes it within the bounds Fetch keeps (a body
// the Transport decodes is read as it comes; a coding OutcomeOf does not
// know, such as br, refuses the origin).
//
// resp must be the final response to a GET (one to a HEAD, whose 200 has no
// body, would otherwise read as an empty file: a response whose Request has
// another method is Unreachable), its redirects followed: net/http's Client
// follows up to 10 by default, where RFC 9309 §2.3.1.2 asks for at least
// five, and a chain the client followed to its end is taken at any length. A
// redirect the client handed over without following it is read as Fetch
// reads one it cannot follow: Unavailable, as a chain that leads nowhere,
// when five hops were followed before it, when it leads back to a URL of the
// chain, or when its Location is missing, not an http or https URL, or
// otherwise unusable; else it is the client's own policy (its CheckRedirect
// returned an error, or http.ErrUseLastResponse), and refuses the origin, as
// Fetch does a hop its Client.CheckRedirect refuses. A Location that
// net/http itself cannot follow comes back as an error without a response,
// and is Unreachable: to have such chains read as Fetch reads them, stop at
// them in CheckRedirect; that works for a Location net/http parses but
// cannot send (an ftp: URL), while one that does not parse fails in net/http
// before CheckRedirect is asked, and stays Unreachable. URL and FinalURL are
// the first and last requests' URLs, without credentials, and Redirects the
// hops between them, from resp.Request and the Response each redirect's
// Request carries; "" and 0 for a response without a Request. They are
// counted back through at most 1,000 hops, so that a chain built by hand
// that comes back to itself ends: past them, URL is the request 1,000 hops
// before the last, and Redirects is 1,000.
//
// A non-nil err is otherwise Unreachable, for 1 hour, or for 1 minute when
// the crawler cancelled (err is context.Canceled, or the request's context
// was cancelled when its body failed): that says nothing of the origin. A
// deadline, the caller's or a Client.Timeout, which cannot be told apart, is
// read as a timeout, and so is a cancel with a cause before any response
// (net/http returns the cause alone). Error quotes the URLs of err and of a
// Location without their userinfo. OutcomeOf(nil, nil) is Unreachable too.
// It never panics.
func OutcomeOf(resp *http.Response, err error) *Outcome {
	o := &Outcome{Status: Unreachable}
	if resp == nil {
		if err == nil {
			return o.fail(errNoResponse, retryLifetime)
		}
		return o.clientFailed(nil, err)
	}
	if resp.Body == nil {
		resp.Body = http.NoBody
	}
	var chain []*url.URL // the URLs requested, last first
	for r := resp.Request; r != nil && r.URL != nil && len(chain) <= maxChain; r = r.Response.Request {
		chain = append(chain, r.URL)
		if r.Response == nil {
			break
		}
	}
	if len(chain) > 0 {
		o.FinalURL, o.URL = withoutUser(chain[0]), withoutUser(chain[len(chain)-1])
		o.Redirects = len(chain) - 1
	}
	o.HTTPStatus = resp.StatusCode
	if r := resp.Request; r != nil && r.Method != "" && r.Method != http.MethodGet {
		// A HEAD's 200 has no body, which would parse to no rules.
		resp.Body.Close()
		return o.fail(fmt.Errorf("robots: the response is to a %s request, not a GET: it says nothing of the file", r.Method), retryLifetime)
	}
	if isFollowedRedirect(resp.StatusCode) {
		resp.Body.Close()
		return o.notFollowed(resp, chain, err)
	}
	if err != nil { // net/http gives both only for a redirect
		resp.Body.Close()
		return o.clientFailed(nil, err)
	}
	body := &watchedBody{ReadCloser: resp.Body}
	if resp.Request != nil {
		body.ctx = resp.Request.Context()
		resp.Body = body
	}
	if err := o.decide(resp, DefaultMaxBytes); err != nil {
		return o.clientFailed(body.ended, err)
	}
	return o
}

// A watchedBody notes what had become of its request's context when a read
// failed: closing the body cancels the context net/http gives a request
// under a Client.Timeout, so that the context says nothing afterwards.
type watchedBody struct {
	io.ReadCloser
	ctx   context.Context // nil: not watched
	ended error           // ctx.Err() at the first failed read
}

// Read reads from the body, noting ctx's error at the first failure.
func (b *watchedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err != nil && err != io.EOF && b.ended == nil && b.ctx != nil {
		b.ended = b.ctx.Err()
	}
	return n, err
}

// notFollowed decides resp, a redirect the caller's client did not follow
// after following chain (its URLs, last first), where refusal is the error
// the client gave for it, if any (see OutcomeOf).
func (o *Outcome) notFollowed(resp *http.Response, chain []*url.URL, refusal error) *Outcome {
	var next *url.URL
	var why string
	if len(chain) > 0 && chain[0].IsAbs() {
		next, why = redirectTarget(chain[0], resp)
	} else if resp.Header.Get("Location") == "" {
		_, why = redirectTarget(nil, resp)
	}
	switch {
	case why != "": // a Location Fetch could not follow either
	case o.Redirects >= DefaultMaxRedirects:
		why = tooManyRedirects(DefaultMaxRedirects)
	case next != nil && slices.ContainsFunc(chain, func(u *url.URL) bool { return hopKey(u) == next.String() }):
		why = loopReason(resp.StatusCode, next)
	}
	if why != "" {
		return o.leadsNowhere(why, resp.Header, time.Now())
	}
	to := "a relative Location"
	if next != nil {
		to = next.String()
	}
	o.Error = fmt.Sprintf("robots: status %d redirects to %s, which the client did not follow: OutcomeOf needs the final response", resp.StatusCode, to)
	if ue, ok := errors.AsType[*url.Error](refusal); ok {
		refusal = ue.Err // its URL is the Location, credentials and all
	}
	if refusal != nil {
		o.Error += fmt.Sprintf(" (%v)", refusal)
	}
	return o.done(retryLifetime, refusal)
}

// tooManyRedirects says why a redirect past a limit of limit redirects is
// not followed.
func tooManyRedirects(limit int) string {
	if limit == 1 {
		return "more than 1 redirect"
	}
	return fmt.Sprintf("more than %d redirects", limit)
}

// loopReason says why a redirect with status code to next, a URL the chain
// requested already, is not followed.
func loopReason(code int, next *url.URL) string {
	return fmt.Sprintf("status %d redirects to %s, which the chain requested already (a loop)", code, next)
}

// hopKey returns u as redirectTarget writes a hop: the host as RobotsURL
// writes it, without userinfo and fragment, so that a loop is found however
// the client spelled the URLs it requested.
func hopKey(u *url.URL) string {
	v := *u
	v.User = nil
	v.Fragment, v.RawFragment = "", ""
	if origin, err := robotsURL((&url.URL{Scheme: v.Scheme, Host: v.Host}).String()); err == nil {
		v.Host = origin.Host
	}
	return v.String()
}

// leadsNowhere makes o the Unavailable outcome of a redirect chain that
// leads nowhere (RFC 9309 §2.3.1.2: it may be read as unavailable; Google
// does too), whose last response, at now, had header h.
func (o *Outcome) leadsNowhere(why string, h http.Header, now time.Time) *Outcome {
	o.Status = Unavailable
	o.Error = "robots: " + why
	return o.done(freshLifetime(h, now), nil)
}

// clientFailed makes o Unreachable for err, which the caller's client
// returned or its response's body ended in, where ended is what the
// request's context said when the body failed (see watchedBody): for a
// minute when the caller cancelled, which says nothing of the origin, as in
// Fetch; for an hour otherwise. A deadline is read as a timeout: a
// Client.Timeout's cannot be told from the caller's own. The credentials a
// url.Error quotes are left out by done, as from every Error.
func (o *Outcome) clientFailed(ended, err error) *Outcome {
	if errors.Is(err, context.Canceled) || errors.Is(ended, context.Canceled) {
		return o.fail(fmt.Errorf("robots: the caller's context ended: %w", err), shortLifetime)
	}
	return o.fail(fmt.Errorf("robots: %w", err), retryLifetime)
}

// withoutUser returns u as a string without its userinfo, which an Outcome
// that may be stored and shared must not keep.
func withoutUser(u *url.URL) string {
	if u.User == nil {
		return u.String()
	}
	v := *u
	v.User = nil
	return v.String()
}

// maxChain bounds the redirects OutcomeOf counts back through a response's
// requests, which a Response built by hand may have chained without end.
const maxChain = 1000

var (
	errNoResponse  = errors.New("robots: no response and no error")
	errNotHTTP     = errors.New("robots.txt is fetched only over http and https")
	errNoUserAgent = errors.New("robots: Fetcher.UserAgent is empty; it is required")
	errNilCache    = errors.New("robots: the Cache is nil")
	errNilOutcome  = errors.New("robots: UnmarshalJSON into a nil *Outcome")
)

// checkUserAgent says why userAgent cannot be sent, if it cannot: empty or
// blank, or holding an octet that RFC 9110 §5.5 keeps out of a field value
// (a control other than tab), which net/http would refuse to send.
func checkUserAgent(userAgent string) error {
	// Every Cache question asks this, so the octets' classes are OR'ed
	// together without a branch, and the offending octet is looked for only
	// when there is one.
	var seen uint8
	for i := 0; i < len(userAgent); i++ {
		seen |= userAgentOctets[userAgent[i]]
	}
	if seen&uaForbidden != 0 {
		for i := 0; i < len(userAgent); i++ {
			if c := userAgent[i]; userAgentOctets[c] == uaForbidden {
				return fmt.Errorf("robots: Fetcher.UserAgent %q holds %q, which no header value may", userAgent, c)
			}
		}
	}
	if seen&uaVisible == 0 {
		return errNoUserAgent // a server would see none
	}
	return nil
}

// userAgentOctets classes the octets of a User-Agent header value: blanks
// (space and tab) are neither class, controls are uaForbidden (RFC 9110
// §5.5), and every other octet is uaVisible.
var userAgentOctets = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c == ' ' || c == '\t':
		case c < ' ' || c == 0x7f:
			t[c] = uaForbidden
		default:
			t[c] = uaVisible
		}
	}
	return t
}()

// The classes of userAgentOctets.
const (
	uaVisible = 1 << iota
	uaForbidden
)

// retrieve sends the requests of one retrieval, following redirects, and fills
// o. parent is the caller's context, tctx the same bounded by Timeout.
func (f *Fetcher) retrieve(parent, tctx context.Context, cfg fetchConfig, target *url.URL, o *Outcome) *Outcome {
	// A copy of the caller's client shares its Transport and Jar; only
	// redirect-following is taken over, so that hops are counted here and the
	// caller's CheckRedirect is asked about each one below.
	client := *cfg.client
	client.CheckRedirect = stopRedirects
	seen := &statusRecorder{next: client.Transport}
	if seen.next == nil {
		seen.next = http.DefaultTransport
	}
	client.Transport = seen
	req, err := newRobotsRequest(tctx, target, f.UserAgent)
	if err != nil {
		return o.failed(parent, tctx, clientClock{}, err)
	}
	var via []*http.Request
	// The Client's Timeout covers the chain, as net/http's own following of
	// redirects has it: each hop gets what the ones before left.
	sent := clientClock{time.Now(), cfg.client.Timeout}
	for {
		if sent.timeout > 0 {
			client.Timeout = max(sent.timeout-time.Since(sent.at), 1) // 0 would be none
		}
		o.FinalURL = req.URL.String()
		seen.status = 0
		resp, err := client.Do(req)
		if err != nil {
			if seen.badLocation == nil {
				o.HTTPStatus = seen.status // the status already read, if any
				return o.failed(parent, tctx, sent, err)
			}
			// http.Client fails a redirect whose Location url.Parse
			// refuses; the response itself is well formed, a 3xx that
			// redirectTarget follows if a browser would (" /x", "/x#50%")
			// and otherwise cannot be followed, as one without a Location.
			resp = seen.badLocation
		}
		o.HTTPStatus = resp.StatusCode
		if !isFollowedRedirect(resp.StatusCode) {
			if err := o.decide(resp, cfg.maxBytes); err != nil {
				return o.failed(parent, tctx, sent, err)
			}
			return o
		}
		resp.Body.Close()
		now := time.Now()
		next, why := redirectTarget(req.URL, resp)
		loop := why == "" && revisits(via, req, next)
		switch {
		case why != "":
		case loop && cfg.client.Jar == nil:
			// Without a jar the request would be the one sent before, and
			// a server's answer the same: a loop, not followed (SPEC §2's
			// table). With one, a cookie set on the way may change it.
			why = loopReason(resp.StatusCode, next)
		case o.Redirects >= cfg.maxRedirects:
			why = tooManyRedirects(cfg.maxRedirects)
			if loop {
				why += " (a loop)"
			}
		}
		var nextReq *http.Request
		if why == "" {
			if nextReq, err = newRobotsRequest(tctx, next, f.UserAgent); err != nil {
				why = err.Error()
			}
		}
		if why != "" {
			return o.leadsNowhere(why, resp.Header, now)
		}
		nextReq.Response = resp
		via = append(via, req)
		if check := cfg.client.CheckRedirect; check != nil {
			if err := check(nextReq, via); err != nil {
				o.Error = fmt.Sprintf("robots: redirect to %s refused by Client.CheckRedirect: %v", next, err)
				o.ownPolicy = true
				return o.done(retryLifetime, err)
			}
		}
		if err := tctx.Err(); err != nil || sent.ranOut() {
			// Time ran out between hops (the Fetcher's, the
			// caller's or the Client's): the outcome is that of
			// the last request made, its URL and status.
			if err == nil {
				err = context.DeadlineExceeded
			}
			return o.failed(parent, tctx, sent, fmt.Errorf("before following the redirect to %s: %w", next, err))
		}
		o.Redirects++
		req = nextReq
	}
}

// decide makes o the outcome of resp, a response that is not a redirect to
// follow, and closes its body. It returns the error that reading a 2xx
// body ended in, for the caller to fail o with.
func (o *Outcome) decide(resp *http.Response, maxBytes int) error {
	code := resp.StatusCode
	now := time.Now()
	switch {
	case 200 <= code && code <= 299:
		// RFC 9309 §2.3.1.1: the body is the file, whatever it holds.
		body, truncated, err := readBody(resp, maxBytes)
		resp.Body.Close()
		if err != nil {
			if o.FinalURL == "" { // a Response built by hand, without a Request
				return fmt.Errorf("reading the body: %w", err)
			}
			return fmt.Errorf("reading the body of %s: %w", o.FinalURL, err)
		}
		o.Status = Parsed
		o.Robots = ParseLimit(body, maxBytes)
		o.Truncated = truncated
		o.done(freshLifetime(resp.Header, now), nil)

	case 300 <= code && code <= 399:
		// 300, 304, 305, 306 and unassigned 3xx: not redirects a GET can
		// follow. Read as a chain that leads nowhere.
		resp.Body.Close()
		o.leadsNowhere(fmt.Sprintf("status %d is not a redirect that can be followed", code), resp.Header, now)

	case 400 <= code && code <= 499 && code != http.StatusTooManyRequests:
		// RFC 9309 §2.3.1.3. The error body is never read: it is not
		// the file. Nor is any other body that is not the file, at the
		// cost of the connection, which net/http reuses only after a
		// body read to its end: reading them held the retrieval on a
		// stalled body or a 101's raw connection, and let a body longer
		// than its Content-Length spill into the next request
		// (TestFetchLeavesOtherBodiesUnread pins the first two).
		resp.Body.Close()
		o.Status = Unavailable
		o.done(freshLifetime(resp.Header, now), nil)

	default:
		// 429 and 5xx (RFC 9309 §2.3.1.4; 429 as Google reads it), and
		// statuses that mean nothing to a GET: 1xx (Switching Protocols
		// reaches us), below 100 or above 599. Unknown is unreachable.
		resp.Body.Close()
		if code < 200 || code > 599 {
			// Said, because an audit cannot tell "HTTP/1.1 000" (an
			// HTTPStatus of 0) from no response otherwise. (A code below 0
			// comes only from a Response built by hand; see OutcomeOf.)
			shown := fmt.Sprintf("%03d", code)
			if code < 0 {
				shown = fmt.Sprint(code)
			}
			o.Error = "robots: status " + shown + " is no final status a GET can have: read as a server error"
		}
		o.done(retryAfterLifetime(resp.Header, now), nil)
	}
	return nil
}

// A statusRecorder passes requests to the next RoundTripper and keeps what
// the outcome of a request that failed after a response needs: the status
// of the last response, and that response when it is a redirect whose
// Location does not parse, which http.Client fails with an error.
type statusRecorder struct {
	next        http.RoundTripper
	status      int
	badLocation *http.Response
}

// RoundTrip sends req by r.next, noting the status of any response.
func (r *statusRecorder) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := r.next.RoundTrip(req)
	r.badLocation = nil
	if resp != nil {
		r.status = resp.StatusCode
		// With an error, the response is not net/http's to read either
		// (RoundTripper's contract): the failure is the error.
		if loc := resp.Header.Get("Location"); err == nil && loc != "" && isFollowedRedirect(resp.StatusCode) {
			if _, err := req.URL.Parse(loc); err != nil { // as http.Client parses it
				r.badLocation = resp
			}
		}
	}
	return resp, err
}

// stopRedirects makes a Client return redirect responses instead of following
// them.
func stopRedirects(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

// newRobotsRequest makes the GET for one hop.
func newRobotsRequest(ctx context.Context, u *url.URL, userAgent string) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("User-Agent", userAgent)
	// Asking for the codings ourselves stops the Transport from decoding
	// gzip behind our back, so that the same limit applies to every coding.
	req.Header.Set("Accept-Encoding", "gzip, deflate")
	return req, nil
}

func isFollowedRedirect(code int) bool {
	switch code {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		return true
	}
	return false
}

// redirectTarget resolves resp's Location against from. why says what is
// wrong when it cannot be followed.
func redirectTarget(from *url.URL, resp *http.Response) (next *url.URL, why string) {
	loc := resp.Header.Get("Location")
	if loc == "" {
		return nil, fmt.Sprintf("status %d has no Location", resp.StatusCode)
	}
	if len(loc) > maxRawLocationBytes {
		// Not parsed: the URL it makes, without its fragment, is measured
		// below, but no URL worth parsing is this long.
		return nil, fmt.Sprintf("status %d has a Location of %d octets", resp.StatusCode, len(loc))
	}
	// Read as Links reads a href, as a browser reads a Location: a path's
	// escapes kept beside octets net/url would escape, a fragment unread.
	href := withoutBaseScheme(cleanHref(loc), from)
	ref, err := parseCleaned(href)
	if err != nil {
		why := fmt.Sprintf("status %d has a Location that does not parse: %v", resp.StatusCode, err)
		if strings.IndexByte(loc, '@') >= 0 {
			// net/url quotes the Location as cleaned, where a backslash
			// may have become a slash that hides userinfo from
			// scrubUserinfo ("http://u:p\w@[::1"): quote it as sent.
			why = fmt.Sprintf("status %d has a Location that does not parse: %q", resp.StatusCode, withoutUserinfo(loc, false))
		}
		return nil, why
	}
	// Quoted below, in an Error a Store may share: without what a browser
	// would read as userinfo, which url.Parse may have read as a path
	// ("http:///u:p@h").
	loc = withoutUserinfo(href, true)
	if hostless(href, ref) { // as Links reads it; "//" would resolve to the request itself, a loop
		return nil, fmt.Sprintf("status %d redirects to %q, which names no host", resp.StatusCode, loc)
	}
	// Relative and protocol-relative references resolve against the
	// request, as RFC 9110 §10.2.2 says, dot segments as a browser removes
	// them.
	next = resolve(from, ref)
	if next.Scheme != "http" && next.Scheme != "https" || next.Hostname() == "" {
		return nil, fmt.Sprintf("status %d redirects to %q, which is not an http or https URL", resp.StatusCode, loc)
	}
	// Nor is a URL with no origin (a port past 65535, a host with no ASCII
	// form). Each hop asks for its host as RobotsURL writes it, as the first
	// does: punycode, lower case, no default port.
	origin, err := robotsURL((&url.URL{Scheme: next.Scheme, Host: next.Host}).String())
	if err != nil {
		return nil, fmt.Sprintf("status %d redirects to %q, which names no origin", resp.StatusCode, loc)
	}
	next.Host = origin.Host
	// Credentials a server put in a Location are not sent either: nothing
	// about robots.txt needs them.
	next.User = nil
	next.RawQuery = escapeQuery(next.RawQuery)         // as Links escapes a link's, as a browser does
	if n := len(next.String()); n > maxLocationBytes { // escaped, it can be three times longer
		return nil, fmt.Sprintf("status %d redirects to a URL of %d octets, more than the %d followed", resp.StatusCode, n, maxLocationBytes)
	}
	return next, ""
}

// revisits reports whether next was already requested in this chain.
func revisits(via []*http.Request, last *http.Request, next *url.URL) bool {
	s := next.String()
	if last.URL.String() == s {
		return true
	}
	for _, r := range via {
		if r.URL.String() == s {
			return true
		}
	}
	return false
}

// readBody reads at most maxBytes+1 decoded bytes of resp's body, one more
// than is parsed so that the parser can tell a line cut by the limit from a
// whole one. A body that ends early, or that fails to decode, before
// maxBytes have arrived is an error; past them it is truncated, as one that
// went on is (a deadline or a cancel there is still an error).
func readBody(resp *http.Response, maxBytes int) (body []byte, truncated bool, err error) {
	limit := int64(maxBytes)
	if limit < math.MaxInt64 {
		limit++
	}
	var sent io.Reader = resp.Body
	if n := resp.ContentLength; n > 0 && !resp.Uncompressed {
		// net/http's own bodies say when they end short of their
		// Content-Length; a Transport of the caller's, or a Response made
		// by hand for OutcomeOf, may just end.
		sent = &framedBody{r: resp.Body, left: n}
	}
	r, err := decodedBody(resp, sent, limit)
	if err != nil {
		return nil, false, err
	}
	var buf bytes.Buffer
	if n := resp.ContentLength; n > 0 && n <= limit && len(resp.Header.Values("Content-Encoding")) == 0 {
		// The length is the server's word, not bytes received: room for
		// more than a default body is made as the bytes arrive, so that a
		// large MaxBytes does not let a claim alone take the memory.
		buf.Grow(int(min(n, DefaultMaxBytes+1)))
	}
	if _, err := buf.ReadFrom(io.LimitReader(r, limit)); err != nil {
		if buf.Len() < maxBytes || ranOutOfTime(resp, err) {
			return nil, false, err
		}
		// All maxBytes arrived, and the octet read past them only to
		// tell whether the file goes on failed: a body cut there, or
		// damaged there, is read as one that went on (see Fetch).
		return buf.Bytes(), true, nil
	}
	body = buf.Bytes()
	if len(body) > maxBytes {
		return body, true, nil
	}
	return body, false, nil
}

// ranOutOfTime reports whether err, which reading resp's body ended in,
// is a deadline's or a cancel's: those say nothing of the body.
func ranOutOfTime(resp *http.Response, err error) bool {
	if errors.Is(err, context.Canceled) {
		return true
	}
	if ne, ok := errors.AsType[net.Error](err); ok && ne.Timeout() { // context.DeadlineExceeded too
		return true
	}
	return resp.Request != nil && resp.Request.Context().Err() != nil
}

// decodedBody undoes resp's Content-Encoding on sent, its body as sent:
// gzip (x-gzip) and deflate, in any order, up to maxContentCodings layers;
// identity is skipped. An empty body is empty whatever its coding says, as
// net/http's own decoding does.
// Only limit octets of the last layer are read, and what each decoder reads
// is bounded too (see layerBound), the body as sent as well as the layers
// under the last: a decoder can read any amount of its input and write
// nothing (empty deflate blocks), so that a body, or the inner layers of a
// small one, could otherwise be decoded without end, until the Timeout.
func decodedBody(resp *http.Response, sent io.Reader, limit int64) (io.Reader, error) {
	if resp.Uncompressed { // a Transport decoded it already
		return sent, nil
	}
	var codings []string
	for _, line := range resp.Header.Values("Content-Encoding") {
		for c := range strings.SplitSeq(line, ",") {
			c = trimOWS(c)
			if c == "" || equalLower(c, "identity") {
				continue
			}
			if len(codings) == maxContentCodings {
				return nil, fmt.Errorf("more than %d content codings", maxContentCodings)
			}
			codings = append(codings, c)
		}
	}
	if len(codings) == 0 {
		return sent, nil
	}
	br := bufio.NewReader(sent)
	if _, err := br.Peek(1); err == io.EOF {
		return br, nil
	}
	ctx := context.Background()
	if resp.Request != nil {
		ctx = resp.Request.Context()
	}
	var r io.Reader = br
	// Codings are listed in the order they were applied (RFC 9110 §8.4).
	for _, c := range slices.Backward(codings) {
		r = &innerLayer{r: r, left: layerBound(limit), ctx: ctx}
		switch {
		case equalLower(c, "gzip"), equalLower(c, "x-gzip"):
			zr, err := gzip.NewReader(r)
			if err != nil {
				return nil, fmt.Errorf("bad gzip body: %w", err)
			}
			r = zr
		case equalLower(c, "deflate"):
			r = deflateReader(r)
		default:
			return nil, fmt.Errorf("unsupported Content-Encoding %q", c)
		}
	}
	return r, nil
}

// A framedBody is a body as sent, of which its Content-Length says left
// more octets are to come: ending sooner is io.ErrUnexpectedEOF, as
// net/http's own bodies have it.
type framedBody struct {
	r    io.Reader
	left int64
}

func (b *framedBody) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	b.left -= int64(n)
	if err == io.EOF && b.left > 0 {
		err = io.ErrUnexpectedEOF
	}
	return n, err
}

// layerBound is how much of a body as sent, or of an inner layer of its
// codings, is read when limit octets of the last layer are wanted. A
// compressed stream is seldom much longer than what it holds (deflate's
// stored blocks add 5 octets to each 64 KiB), but it can be a few times
// longer: gzip members of a line each (RFC 1952 §2.2 lets a stream hold
// many) take about 25 octets more a line, and a stream flushed after every
// few octets 5 more each time. Eight times the limit and 1 MiB cover those;
// what decoding that much can cost is a few milliseconds a layer.
func layerBound(limit int64) int64 {
	if limit > (math.MaxInt64-1<<20)/8 {
		return math.MaxInt64
	}
	return 8*limit + 1<<20
}

// An innerLayer is what a decoder reads, the body as sent or what one
// content coding decodes to: at most left octets of it, and nothing once
// ctx is done (an inner layer decoding what is already buffered reads no
// network, whose deadline would stop it).
type innerLayer struct {
	r    io.Reader
	left int64
	ctx  context.Context
}

// errLayerTooLong is the error of an innerLayer read past its bound.
var errLayerTooLong = errors.New("a content coding reads far more than it decodes to")

// Read reads from the layer, failing once ctx is done or the bound is
// passed.
func (l *innerLayer) Read(p []byte) (int, error) {
	if err := l.ctx.Err(); err != nil {
		return 0, err
	}
	if l.left <= 0 {
		return 0, errLayerTooLong
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}

// deflateReader decodes HTTP's deflate coding, which RFC 9110 §8.4.1.2
// defines as a zlib stream but which some servers send as raw deflate: the
// zlib header, whose check bits make it recognisable, decides.
func deflateReader(r io.Reader) io.Reader {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReader(r)
	}
	if h, err := br.Peek(2); err == nil && h[0]&0x0f == 8 && (uint16(h[0])<<8|uint16(h[1]))%31 == 0 {
		zr, err := zlib.NewReader(br)
		if err != nil {
			return errReader{fmt.Errorf("bad deflate body: %w", err)}
		}
		return zr
	}
	return flate.NewReader(br)
}

// scrubUserinfo returns s with the userinfo of every URL in it left out. An
// outcome's Error quotes URLs from errors and Locations, which a caller's
// client or a server may have written with credentials, and outcomes are
// stored and shared. A URL in a Go-quoted string (as net/http, net/url and
// this package quote them, with %q) is read whole, so that a space or a
// quote in a password never escaped cannot hide where it ends: without its
// userinfo as withoutUserinfo has it, by url.Parse's reading if it parses,
// else up to its last '@'; url.Parse's error that follows such a URL in
// net/http's message for a Location that does not parse is given as the URL
// without its userinfo has it (see unparsedReason). Elsewhere, after each
// "//" that starts an authority (at the start of s, or after a ':', a quote
// or a space), the authority's octets up to its last '@' go.
func scrubUserinfo(s string) string {
	if strings.IndexByte(s, '@') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		q := strings.IndexByte(s[i:], '"')
		if q < 0 {
			b.WriteString(scrubUnquoted(s[i:]))
			break
		}
		q += i
		b.WriteString(scrubUnquoted(s[i:q]))
		lit, err := strconv.QuotedPrefix(s[q:])
		if err != nil { // a '"' that starts no Go-quoted string
			b.WriteString(scrubUnquoted(s[q:]))
			break
		}
		i = q + len(lit)
		if u, _ := strconv.Unquote(lit); strings.IndexByte(u, '@') >= 0 {
			_, err := url.Parse(u)
			if w := withoutUserinfo(u, err == nil); w != u {
				b.WriteString(strconv.Quote(w))
				if err != nil && strings.HasPrefix(s[i:], `: parse "`) {
					// net/http's "failed to parse Location header %q: %v"
					// goes on with url.Parse's error for the same text,
					// which ends the message and may quote the password
					// (see unparsedReason).
					b.WriteString(": " + unparsedReason(w).Error())
					break
				}
				continue
			}
		}
		b.WriteString(lit)
	}
	return b.String()
}

// scrubUnquoted is scrubUserinfo for text outside quoted strings.
func scrubUnquoted(s string) string {
	if strings.IndexByte(s, '@') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; ; {
		j := strings.Index(s[i:], "//")
		if j < 0 {
			b.WriteString(s[i:])
			return b.String()
		}
		j += i + 2 // the authority starts here
		b.WriteString(s[i:j])
		end := j
		// Not a quote: RFC 3986 allows "'" in userinfo.
		for end < len(s) && !strings.ContainsRune("/?#\"` \t\r\n<>", rune(s[end])) {
			end++
		}
		if at := strings.LastIndexByte(s[j:end], '@'); at >= 0 && startsAuthority(s, j-2) {
			j += at + 1
		}
		i = j
	}
}

// startsAuthority reports whether the "//" at s[i:] starts a URL's
// authority rather than being part of a path.
func startsAuthority(s string, i int) bool {
	return i == 0 || strings.IndexByte(":\"'` \t", s[i-1]) >= 0
}

// clipError cuts an outcome's error text to maxErrorBytes, at a character
// boundary, saying how long it was. The text quotes what servers send
// (a Location, a malformed status line), which a cache keeps for a day.
func clipError(s string) string {
	if len(s) <= maxErrorBytes {
		return s
	}
	return clipTo(s, len(s))
}

// clipTo cuts a text of total octets, longer than maxErrorBytes, as
// clipError does, given s, the text's start: its first maxErrorBytes octets
// less at most escapeMax, which is more than the cut keeps.
func clipTo(s string, total int) string {
	tail := fmt.Sprintf("... (%d octets in all)", total)
	n := maxErrorBytes - len(tail)
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + tail
}

// escapedError is clipError(escapeNongraphic(s)), made without writing
// more of the escaped text than it keeps: a server's header line of
// megabytes of control octets, which net/http's error quotes, would cost
// some fifty times its size escaped whole (a black-box audit of costs).
func escapedError(s string) string {
	if !needsEscape(s) {
		return clipError(s)
	}
	b, total := appendEscaped(nil, s, maxErrorBytes)
	if total <= maxErrorBytes {
		return string(b)
	}
	return clipTo(string(b), total)
}

// errReader is a reader that fails with err.
type errReader struct{ err error }

// Read fails with e.err.
func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// done stamps the outcome with its lifetime and the time it was decided,
// cuts its Error, without userinfo, to maxErrorBytes, and makes Err of it,
// unwrapping to cause, the error Error was written from (nil for none).
func (o *Outcome) done(lifetime time.Duration, cause error) *Outcome {
	o.Error = escapedError(scrubUserinfo(o.Error))
	o.Err = textError(o.Error, cause)
	o.Lifetime = lifetime
	o.FetchedAt = time.Now().UTC()
	return o
}

// withoutCause returns err's text without the cause net/http ends it with
// when a request's context ended (`Get "…": Fetcher.Timeout of 10s ran
// out`), so that an Error which names the cause first does not say it twice.
func withoutCause(err, cause error) string {
	s, _ := strings.CutSuffix(err.Error(), ": "+cause.Error())
	return s
}

// fail makes o Unreachable for err.
func (o *Outcome) fail(err error, lifetime time.Duration) *Outcome {
	o.Status = Unreachable
	o.Robots = nil
	o.Error = err.Error()
	return o.done(lifetime, err)
}

// An outcomeError is an error whose text is not its cause's: Outcome.Err,
// whose text is Outcome.Error's, and the cause of the Fetcher's Timeout,
// which names the Timeout and is context.DeadlineExceeded to errors.Is.
type outcomeError struct {
	text  string
	cause error // nil when no error caused it
}

func (e *outcomeError) Error() string { return e.text }

// Unwrap returns the error e's text was written from, if any.
func (e *outcomeError) Unwrap() error { return e.cause }

// textError returns an error with text that unwraps to cause, or nil when
// text is "".
func textError(text string, cause error) error {
	if text == "" {
		return nil
	}
	return &outcomeError{text, cause}
}

// failed makes o Unreachable for a failure while retrieving, in tctx (the
// caller's parent bounded by the Fetcher's Timeout). A failure the caller
// caused by ending parent says nothing about the origin, so its outcome gets
// a short lifetime: every failure gets a lifetime above 0, so that a cache
// keeps it at all, and a minute is as little as that. The error says which
// of the caller's context, the Fetcher's Timeout and the Client's own
// Timeout ended the retrieval, since all three read "context deadline
// exceeded" otherwise.
func (o *Outcome) failed(parent, tctx context.Context, sent clientClock, err error) *Outcome {
	switch {
	case parent.Err() != nil:
		cause := context.Cause(parent)
		return o.fail(fmt.Errorf("robots: the caller's context ended (%w): %s", cause, withoutCause(err, cause)), shortLifetime)
	case tctx.Err() != nil:
		cause := context.Cause(tctx)
		return o.fail(fmt.Errorf("robots: %w: %s", cause, withoutCause(err, cause)), retryLifetime)
	case sent.ranOut() && errors.Is(err, context.DeadlineExceeded):
		return o.fail(fmt.Errorf("robots: Client.Timeout of %v ran out: %w", sent.timeout, err), retryLifetime)
	}
	return o.fail(fmt.Errorf("robots: %w", err), retryLifetime)
}

// A clientClock is when the first request of a chain was sent and the
// Client's Timeout, which covers the chain's requests and the reading of the
// last one's body.
type clientClock struct {
	at      time.Time
	timeout time.Duration
}

// ranOut reports whether the Client's Timeout has passed since the request
// was sent: a transport's own timeouts (to dial, or for the headers) fail
// with the same error sooner.
func (c clientClock) ranOut() bool {
	return c.timeout > 0 && time.Since(c.at) >= c.timeout
}

// shortLifetime is the Lifetime of an outcome that says nothing about the
// origin: the caller's context ended it, or the Fetcher's UserAgent could
// not be sent.
const shortLifetime = time.Minute

// IsAllowed reports whether userAgent may fetch rawURL under o: a Parsed
// outcome decides by its rules, an Unavailable one allows everything, and an
// Unreachable one refuses everything but /robots.txt. Like
// [Robots.IsAllowed], it refuses a rawURL that is neither an absolute URL
// (with an authority RFC 3986 allows) nor a /-rooted path, whatever the
// status.
func (o *Outcome) IsAllowed(userAgent, rawURL string) bool {
	return o.Agent(userAgent).IsAllowed(rawURL)
}

// Explain is IsAllowed with the evidence: a Parsed outcome answers as
// [Robots.Explain]; otherwise the Reason is ReasonUnavailable or
// ReasonUnreachable, or ReasonRobotsTxt and ReasonInvalidURL where those
// decide first.
func (o *Outcome) Explain(userAgent, rawURL string) Decision {
	return o.Agent(userAgent).Explain(rawURL)
}

// Agent returns o compiled for userAgent's product token, for a loop over
// many URLs of o's origin: o's IsAllowed, Explain and CrawlDelay ask it, so
// it answers as they do, whatever o's Status. A Parsed outcome gives its
// Robots' Agent (see [Robots.Agent]); an Unavailable one an Agent that
// allows everything, and any other (Unreachable, nil, of no known status, or
// Parsed without Robots) one that refuses everything but /robots.txt. Their
// Explain gives ReasonUnavailable or ReasonUnreachable where o's does. Use
// it rather than o.Robots.Agent: an outcome that is not Parsed has no
// Robots, and the Agent of a nil Robots allows everything. Apart from a
// Parsed outcome's first query for a token, it allocates nothing.
func (o *Outcome) Agent(userAgent string) *Agent {
	switch {
	case o != nil && o.Status == Parsed && o.Robots != nil:
		return o.Robots.Agent(userAgent)
	case o != nil && o.Status == Unavailable:
		return unavailableAgent
	}
	return unreachableAgent
}

// The Agents of outcomes that are not Parsed. An Unreachable outcome's
// refuses by the one rule that refuses every path, which keeps its queries
// on the path every Agent's take; /robots.txt is allowed before any rule is
// asked.
var (
	unavailableAgent = &Agent{verdict: ReasonUnavailable}
	unreachableAgent = &Agent{
		verdict: ReasonUnreachable,
		rules:   newRuleSet([]ruleSpec{{pattern: "/"}}, 0),
		refs:    []ruleRef{{pattern: "/", group: -1}},
	}
)

// CrawlDelay returns the Crawl-delay that applies to userAgent when o is
// Parsed (see Robots.CrawlDelay for the values read and their cap), and
// false otherwise.
func (o *Outcome) CrawlDelay(userAgent string) (time.Duration, bool) {
	return o.Agent(userAgent).CrawlDelay()
}

// outcomeJSON is the JSON form of an Outcome: the robots.txt text as
// MarshalText writes it and Lifetime as a Go duration ("24h0m0s"), so that a
// stored outcome reads well. A JSON string holds only UTF-8, and
// encoding/json replaces whatever else a string holds, which would change
// rules written in another charset ("Disallow: /caf\xe9"): text that is not
// UTF-8 goes in RobotsBytes instead, base64-encoded, octet for octet.
type outcomeJSON struct {
	Status      Status    `json:"status"`
	HTTPStatus  int       `json:"httpStatus"`
	Robots      *string   `json:"robots,omitempty"`
	RobotsBytes []byte    `json:"robotsBytes,omitempty"`
	RuleLines   []int32   `json:"ruleLines,omitempty"`
	Lifetime    string    `json:"lifetime"`
	URL         string    `json:"url,omitempty"`
	FinalURL    string    `json:"finalURL,omitempty"`
	Redirects   int       `json:"redirects,omitempty"`
	Truncated   bool      `json:"truncated,omitempty"`
	Error       string    `json:"error,omitempty"`
	FetchedAt   time.Time `json:"fetchedAt"`
}

// MarshalJSON writes o with Robots as its robots.txt text: in "robots" as a
// string, or in "robotsBytes" as base64 when the text is not UTF-8 (a JSON
// string would change it). The text is MarshalText's, without the served
// file's comments and in its own order, so "ruleLines" keeps each rule's line
// in the served file (0 for a rule built or changed in code): Explain gives
// the same Decision.Line after a round trip. Status, URL, FinalURL and Error
// are JSON strings, in which encoding/json writes each octet that is not
// UTF-8 as U+FFFD; an Outcome from Fetch has only UTF-8 in them but where a
// server sent other octets in what an Error quotes (a Location's query is
// escaped before it is followed). It fails when Robots cannot be written
// faithfully (see [Robots.MarshalText]; a parsed document always can), and
// when FetchedAt is outside the years 0 to 9999, which JSON's time format
// cannot hold.
//
// The object's members, for a reader that is not this package: always
// "status" (Status's string), "httpStatus" (a number), "lifetime" (a Go
// duration string, as time.Duration's String writes it: "1h0m0s", "1.5s")
// and "fetchedAt" (RFC 3339, as time.Time's MarshalJSON writes it); with
// Robots, "robots" (a string) or "robotsBytes" (base64), and "ruleLines" (a
// number for each rule of the text, in order) when it has rules; and
// "url", "finalURL", "redirects", "truncated" and "error" when they are not
// zero.
func (o Outcome) MarshalJSON() ([]byte, error) {
	j := outcomeJSON{
		Status: o.Status, HTTPStatus: o.HTTPStatus, Lifetime: o.Lifetime.String(),
		URL: o.URL, FinalURL: o.FinalURL, Redirects: o.Redirects, Truncated: o.Truncated,
		Error: o.Error, FetchedAt: o.FetchedAt,
	}
	if o.Robots != nil {
		text, err := o.Robots.MarshalText()
		if err != nil {
			return nil, err
		}
		if utf8.Valid(text) {
			s := string(text)
			j.Robots = &s
		} else {
			j.RobotsBytes = text
		}
		j.RuleLines = sourceLines(o.Robots)
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads what MarshalJSON writes. The robots.txt text is parsed
// without a size limit: it was cut when it was fetched. A lifetime that is
// not a Go duration is an error, an absent one too (MarshalJSON always
// writes it: a value without it is not an Outcome), and so is a text given
// both as "robots" and as "robotsBytes", which MarshalJSON never writes.
// "ruleLines" that does not hold a line, 0 or more, for each rule of the
// text leaves every Decision.Line 0 (unknown), while one that is not an
// array of 32-bit integers is an error; without "ruleLines", Decision.Line
// counts lines of the text. Any status is read back as written, an unknown
// one (Unreachable to IsAllowed) and the zero Outcome's "" too. JSON null
// leaves o as it is, as encoding/json does for other types. Member names
// are matched as encoding/json matches them, without regard to case (and
// to Unicode's folding: "ſtatus" is "status"), the last of a name read
// twice winning: a program that checks stored entries before this package
// reads them (see Store) must match names so too, or refuse any but the
// exact ones MarshalJSON writes. It replaces *o, so it must not run
// concurrently with any other use of o; a nil o is an error, whatever data
// holds.
func (o *Outcome) UnmarshalJSON(data []byte) error {
	if o == nil {
		return errNilOutcome
	}
	if string(data) == "null" { // as encoding/json passes it
		return nil
	}
	var j outcomeJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return fmt.Errorf("robots: outcome: %w", err)
	}
	lifetime, err := time.ParseDuration(j.Lifetime)
	if err != nil {
		return fmt.Errorf("robots: outcome lifetime: %w", err)
	}
	if j.Robots != nil && j.RobotsBytes != nil {
		return errors.New("robots: outcome has both robots and robotsBytes")
	}
	text := j.RobotsBytes
	if text == nil && j.Robots != nil {
		text = []byte(*j.Robots)
	}
	var doc *Robots
	if text != nil {
		doc = new(Robots)
		doc.UnmarshalText(text) // never fails
		if j.RuleLines != nil {
			// Lines that do not fit (not MarshalJSON's, or another
			// version's) cost the audit its line numbers, not the
			// outcome its decisions.
			restoreSourceLines(doc, j.RuleLines)
		}
	}
	*o = Outcome{
		Status: j.Status, HTTPStatus: j.HTTPStatus, Lifetime: lifetime,
		URL: j.URL, FinalURL: j.FinalURL, Redirects: j.Redirects, Truncated: j.Truncated,
		Error: j.Error, Err: textError(j.Error, nil), FetchedAt: j.FetchedAt, Robots: doc,
	}
	return nil
}

// ---- Lifetimes from response headers (RFC 9111, RFC 9110) ----
//
// Header values come from any server: these parsers accept any text, never
// panic and treat what they cannot read as absent (RFC 9111 §4.2.1 and §5.3
// say where "absent" means "expired").

// freshLifetime is the Lifetime of a Parsed or Unavailable outcome: max-age
// minus Age, else Expires minus Date, else 24 hours, within [0, 24h].
func freshLifetime(h http.Header, now time.Time) time.Duration {
	if maxAge, ok := cacheControlMaxAge(h.Values("Cache-Control")); ok {
		age, _ := deltaSeconds(firstMember(h.Get("Age"))) // RFC 9111 §5.1: a list's first member
		return clampLifetime(maxAge - age)
	}
	if expires := h.Values("Expires"); len(expires) > 0 {
		// RFC 9111 §4.2.1: with several Expires lines, the first is used.
		t, ok := parseHTTPDate(expires[0], now)
		if !ok {
			return 0 // RFC 9111 §5.3: an invalid Expires is in the past
		}
		return clampLifetime(t.Sub(responseDate(h, now)))
	}
	return maxLifetime
}

// retryAfterLifetime is the Lifetime of a 429 or 5xx: Retry-After as
// delay-seconds or an HTTP-date (RFC 9110 §10.2.3), within [0, 24h]; 1 hour
// when it is absent or unreadable.
func retryAfterLifetime(h http.Header, now time.Time) time.Duration {
	v := h.Get("Retry-After")
	if d, ok := deltaSeconds(v); ok {
		return clampLifetime(d)
	}
	if t, ok := parseHTTPDate(v, now); ok {
		return clampLifetime(t.Sub(responseDate(h, now)))
	}
	return retryLifetime
}

// responseDate is the response's Date, or now when it has none that parses
// (RFC 9110 §6.6.1 lets a recipient use its own clock then). Measuring
// Expires and Retry-After from the server's own clock keeps clock skew out.
func responseDate(h http.Header, now time.Time) time.Time {
	if t, ok := parseHTTPDate(h.Get("Date"), now); ok {
		return t
	}
	return now
}

func clampLifetime(d time.Duration) time.Duration {
	return min(max(d, 0), maxLifetime)
}

// maxDeltaSeconds is where delta-seconds saturate: RFC 9111 §1.2.2 asks for
// 2^31 when a value is too large to represent.
const maxDeltaSeconds = 1 << 31

// deltaSeconds reads RFC 9111 §1.2.2 delta-seconds, 1*DIGIT, with optional
// whitespace around it.
func deltaSeconds(s string) (time.Duration, bool) {
	s = trimOWS(s)
	if s == "" {
		return 0, false
	}
	var n int64 // not int: 2^31 does not fit one of 32 bits
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = min(n*10+int64(c-'0'), maxDeltaSeconds)
	}
	return time.Duration(n) * time.Second, true
}

// cacheControlMaxAge returns the first max-age directive of the Cache-Control
// field lines that holds delta-seconds (RFC 9111 §5.2.2.1), in its token or
// quoted-string form. Directives are split on commas outside quoted strings,
// so that no-cache="a, b" stays one directive.
func cacheControlMaxAge(lines []string) (time.Duration, bool) {
	for _, line := range lines {
		for i := 0; i < len(line); {
			var name, value string
			name, value, i = nextDirective(line, i)
			if equalLower(name, "max-age") {
				if d, ok := deltaSeconds(value); ok {
					return d, true
				}
			}
		}
	}
	return 0, false
}

// nextDirective reads the cache directive starting at s[i] (RFC 9111 §5.2:
// token [ "=" ( token / quoted-string ) ]) and returns the index after the
// comma that ends it. A quoted value is returned without its quotes and
// with its escapes left in place. Blanks around the '=' are skipped, which
// the grammar does not allow, so that a quoted value after one still keeps
// its commas. It always advances while i < len(s).
func nextDirective(s string, i int) (name, value string, next int) {
	start := i
	for i < len(s) && s[i] != '=' && s[i] != ',' {
		i++
	}
	name = trimOWS(s[start:i])
	if i < len(s) && s[i] == '=' {
		i++
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i < len(s) && s[i] == '"' {
			j := i + 1
			for j < len(s) && s[j] != '"' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			value = s[i+1 : min(j, len(s))]
			i = j
		} else {
			start = i
			for i < len(s) && s[i] != ',' {
				i++
			}
			value = trimOWS(s[start:i])
		}
	}
	for i < len(s) && s[i] != ',' {
		i++
	}
	if i < len(s) {
		i++
	}
	return name, value, i
}

func trimOWS(s string) string { return strings.Trim(s, " \t") }

// parseHTTPDate reads an HTTP-date in any of the three forms RFC 9110 §5.6.7
// requires a recipient to accept:
//
//	Sun, 06 Nov 1994 08:49:37 GMT   IMF-fixdate
//	Sunday, 06-Nov-94 08:49:37 GMT  obsolete RFC 850 form
//	Sun Nov  6 08:49:37 1994        ANSI C asctime() form
//
// It is lenient where leniency cannot mislead: names in any case, runs of
// spaces, one-digit days, GMT written as UTC or UT or left out; the weekday
// is not checked against the date. A two-digit year more than 50 years after
// now's year is read in the previous century, as RFC 9110 says.
func parseHTTPDate(s string, now time.Time) (time.Time, bool) {
	p := dateScanner{s: s}
	p.spaces()
	if p.word() == "" { // the weekday
		return time.Time{}, false
	}
	var day, month, year, yearDigits, hour, minute, second int
	var ok bool
	if p.eat(',') {
		p.spaces()
		if day, _ = p.number(2); day == 0 {
			return time.Time{}, false
		}
		if p.eat('-') { // RFC 850: 06-Nov-94
			month = monthNumber(p.word())
			if !p.eat('-') {
				return time.Time{}, false
			}
		} else {
			if p.spaces() == 0 {
				return time.Time{}, false
			}
			month = monthNumber(p.word())
			if p.spaces() == 0 {
				return time.Time{}, false
			}
		}
		year, yearDigits = p.number(4)
		if p.spaces() == 0 {
			return time.Time{}, false
		}
		if hour, minute, second, ok = p.clock(); !ok {
			return time.Time{}, false
		}
		p.spaces()
		if zone := p.word(); zone != "" && !equalLower(zone, "gmt") && !equalLower(zone, "utc") && !equalLower(zone, "ut") {
			return time.Time{}, false
		}
	} else { // asctime: Nov  6 08:49:37 1994
		if p.spaces() == 0 {
			return time.Time{}, false
		}
		month = monthNumber(p.word())
		if p.spaces() == 0 {
			return time.Time{}, false
		}
		day, _ = p.number(2)
		if p.spaces() == 0 {
			return time.Time{}, false
		}
		if hour, minute, second, ok = p.clock(); !ok || p.spaces() == 0 {
			return time.Time{}, false
		}
		if year, yearDigits = p.number(4); yearDigits != 4 {
			return time.Time{}, false
		}
	}
	p.spaces()
	if p.i != len(p.s) || month == 0 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60 {
		return time.Time{}, false
	}
	switch yearDigits {
	case 4:
	case 2:
		// RFC 9110 §5.6.7: the latest year with these two digits that is not
		// more than 50 years in the future.
		year += now.Year() / 100 * 100
		limit := now.AddDate(50, 0, 0)
		at := func(y int) time.Time { return time.Date(y, time.Month(month), day, hour, minute, second, 0, time.UTC) }
		if at(year).After(limit) {
			year -= 100
		} else if !at(year + 100).After(limit) {
			year += 100
		}
	default:
		return time.Time{}, false
	}
	// Reject 31 Feb and its kind rather than let time.Date carry them over.
	if time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC).Day() != day {
		return time.Time{}, false
	}
	return time.Date(year, time.Month(month), day, hour, minute, second, 0, time.UTC), true
}

// dateScanner reads an HTTP-date left to right.
type dateScanner struct {
	s string
	i int
}

// spaces skips spaces and tabs and returns how many.
func (p *dateScanner) spaces() int {
	start := p.i
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
	return p.i - start
}

// word reads a run of ASCII letters.
func (p *dateScanner) word() string {
	start := p.i
	for p.i < len(p.s) && ('a' <= p.s[p.i]|0x20 && p.s[p.i]|0x20 <= 'z') {
		p.i++
	}
	return p.s[start:p.i]
}

// number reads up to maxDigits digits and returns their value and count.
func (p *dateScanner) number(maxDigits int) (n, digits int) {
	for digits < maxDigits && p.i < len(p.s) && '0' <= p.s[p.i] && p.s[p.i] <= '9' {
		n = n*10 + int(p.s[p.i]-'0')
		p.i++
		digits++
	}
	return n, digits
}

func (p *dateScanner) eat(c byte) bool {
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

// clock reads time-of-day, exactly 2DIGIT ":" 2DIGIT ":" 2DIGIT.
func (p *dateScanner) clock() (hour, minute, second int, ok bool) {
	var d1, d2, d3 int
	hour, d1 = p.number(2)
	if !p.eat(':') {
		return 0, 0, 0, false
	}
	minute, d2 = p.number(2)
	if !p.eat(':') {
		return 0, 0, 0, false
	}
	second, d3 = p.number(2)
	return hour, minute, second, d1 == 2 && d2 == 2 && d3 == 2
}

// monthNumber maps "Jan" ... "Dec", in any case, to 1 ... 12, and anything
// else to 0.
func monthNumber(name string) int {
	const months = "janfebmaraprmayjunjulaugsepoctnovdec"
	if len(name) != 3 {
		return 0
	}
	lower := [3]byte{name[0] | 0x20, name[1] | 0x20, name[2] | 0x20}
	for m := range 12 {
		if months[3*m:3*m+3] == string(lower[:]) {
			return m + 1
		}
	}
	return 0
}

// ---- Cache ----

// A Cache answers robots.txt questions for a crawler, fetching each origin's
// robots.txt at most once while its outcome is fresh. Only the Fetcher's
// UserAgent needs setting:
//
//	cache := &robots.Cache{Fetcher: robots.Fetcher{UserAgent: "ExampleBot/1.0"}}
//	if cache.IsAllowed(ctx, "ExampleBot/1.0", pageURL) { ... }
//
// Outcomes are keyed by origin (scheme, host and port, as RobotsURL writes
// them) and kept for their Lifetime (or MinLifetime, if longer). An outcome
// is kept under the origin asked about only: when its robots.txt redirects to
// another origin's, that file governs the origin asked about (RFC 9309
// §2.3.1.2), and a question about the other origin fetches its robots.txt
// again, for that origin. However many goroutines ask about an origin at
// once, one retrieval is in flight for it and the others wait for its
// outcome; a caller whose ctx ends stops waiting, and the retrieval goes on
// for the others (bounded by Fetcher.Timeout, as are the Store's Get and Put
// around it). A question asked while the retrieval is in flight, until its
// Put returns, gets its outcome, even one whose Lifetime has run out by then
// (a Lifetime of 0, a slow Put): the next question after it fetches again.
// Forget, which lets a retrieval in flight go on, lets the next question
// start another beside it. That bound is per origin: each origin asked about
// with no fresh outcome starts a retrieval of its own, so a crawler that asks
// about many new origins at once bounds how many it fetches together by how
// many workers it runs, or with its Client's Transport. An Unreachable
// outcome refuses its origin for its Lifetime (an hour for a timeout or
// another network failure, and for a 429 or 5xx unless its Retry-After says
// otherwise, up to 24 hours: see Outcome.Lifetime), or MinLifetime if longer;
// to try sooner, Forget the origin.
//
// RFC 9309 §2.3.1.4 lets a crawler stop treating an origin as unreachable
// after a long time, for example 30 days. The Cache does so exactly this
// way: while an origin's latest outcome is Unreachable (a 429 as much as a
// 5xx or a network error: Google reads a 429 as a server error), it refuses
// everything for the first 30 days, counted from the first Unreachable
// outcome after the last outcome that was not. After 30 days the last
// outcome that was not Unreachable decides again (the last Parsed copy keeps
// its rules; an Unavailable one allows everything), and with no such outcome
// on record the origin is treated as Unavailable and everything is allowed;
// this is what Google documents too. Retrieval continues meanwhile at the
// pace the Unreachable outcomes' Lifetime (or MinLifetime) sets, and the
// first outcome that is not Unreachable ends the episode. A hop the
// Fetcher's Client.CheckRedirect refuses is the crawler's own policy, not a
// server or network error, which is all the RFC's 30 days are for: such an
// outcome refuses everything however long it lasts, and ends a run of
// Unreachable outcomes (a later one starts another). The history lives in
// the CacheEntry, so an evicted origin starts over; the first Unreachable
// outcome is the first on record (after a Store failure, possibly a later
// one; see Store).
//
// A Cache must not be copied after first use. Set its fields before first
// use; it is safe for concurrent use. Its methods take a nil ctx as
// context.Background(), as Fetch does. A nil *Cache fetches nothing and
// refuses everything, with an error from Outcome. A retrieval, with the
// Store's Get and Put around it, runs on a goroutine of the Cache's own, so
// a panic in the Fetcher's Client (its Transport, CheckRedirect or Jar), as
// one in the Store, ends the program: no caller can recover it.
type Cache struct {
	// Fetcher retrieves robots.txt for the Cache. Its UserAgent is
	// required: without one the Cache refuses everything and fetches
	// nothing.
	Fetcher Fetcher

	// Store keeps outcomes by origin. Nil means a MemoryStore of
	// DefaultMaxOrigins (10,000) origins, created on first use.
	Store Store

	// MinLifetime is the least time an outcome is kept, whatever its
	// Lifetime says, up to 24 hours (RFC 9309 §2.4). Zero keeps each
	// outcome for its Lifetime alone, and an outcome of Lifetime 0
	// ("Cache-Control: max-age=0", "Retry-After: 0" on a 503) is fetched
	// again for the next question: a crawler that asks IsAllowed before
	// every page then fetches robots.txt before every page of such an
	// origin. A minute or so spares the server that. It changes nothing
	// stored: an Outcome's Lifetime stays what the server said. A negative
	// MinLifetime is zero.
	MinLifetime time.Duration

	defaultStore atomic.Pointer[MemoryStore]
	own          atomic.Pointer[MemoryStore] // what the Cache fetched while its Store failed (see Store); nil until then

	mu       sync.Mutex // guards inflight
	inflight map[string]*pendingFetch
}

// pendingFetch is a retrieval in flight, or a Cache.Forget holding its
// origin (forget); a retrieval's entry is set before done is closed.
type pendingFetch struct {
	done  chan struct{} // closed under Cache.mu when p no longer runs (see finish)
	entry *CacheEntry

	// A retrieval's, which Cache.Forget reads (see waitFor).
	mu        sync.Mutex // guards forgotten and storing
	forgotten bool       // by Cache.Forget: the outcome goes to the waiters only
	storing   bool       // the outcome is stored, or being stored (done is closed after it is)

	forget bool          // a Cache.Forget holding the origin, not a retrieval: its waiters ask again
	prev   *pendingFetch // for a Forget: what it found in flight, and waits for
}

// over reports whether p no longer runs, and so must not be put back in
// flight. Read under Cache.mu, under which done is closed, it cannot change
// while it is used.
func (p *pendingFetch) over() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// A CacheEntry is what a Store keeps for one origin: the latest outcome, and
// the history the 30-day rule needs while that outcome is Unreachable. It is
// plain data that encoding/json writes and reads. Entries are shared between
// goroutines: treat them as read-only. An entry whose Outcome is nil is no
// entry: the Cache fetches the origin's robots.txt as if Get found none.
type CacheEntry struct {
	// Outcome is the latest retrieval.
	Outcome *Outcome `json:"outcome"`

	// LastReachable is the latest outcome that was not Unreachable, kept
	// while Outcome is Unreachable; nil otherwise, or when there was none.
	LastReachable *Outcome `json:"lastReachable,omitempty"`

	// UnreachableSince is when the current run of Unreachable outcomes
	// began; zero unless Outcome is Unreachable, and zero when it is one
	// the Fetcher's Client.CheckRedirect refused (see Cache).
	UnreachableSince time.Time `json:"unreachableSince,omitzero"`
}

// fresh reports whether e can answer at now without a new retrieval, when
// no outcome is kept for less than floor (Cache.MinLifetime). An entry is
// read as a Store gives it, maybe written by another machine or by hand: a
// Lifetime above 24 hours counts as 24 hours (RFC 9309 §2.4), and an
// outcome fetched more than maxClockSkew in the future (more than another
// machine's clock could be ahead) is stale, so that no entry outlives its
// Lifetime (or the floor) by more than that.
func (e *CacheEntry) fresh(now time.Time, floor time.Duration) bool {
	if e == nil || e.Outcome == nil || now.Add(maxClockSkew).Before(e.Outcome.FetchedAt) {
		return false
	}
	return now.Before(e.Outcome.FetchedAt.Add(min(max(e.Outcome.Lifetime, floor), maxLifetime)))
}

// next is the entry that follows e (which may be nil) when o arrives. An e
// dated further ahead of o than a clock can be (see usable) carries no
// history: o begins a new one.
func (e *CacheEntry) next(o *Outcome) *CacheEntry {
	n := &CacheEntry{Outcome: o}
	if o.Status != Unreachable {
		return n
	}
	if !o.ownPolicy {
		n.UnreachableSince = o.FetchedAt
	}
	if !e.usable(o.FetchedAt) {
		return n
	}
	if e.Outcome.Status == Unreachable {
		n.LastReachable = e.LastReachable
		if !e.UnreachableSince.IsZero() && !o.ownPolicy {
			n.UnreachableSince = e.UnreachableSince
		}
	} else {
		n.LastReachable = e.Outcome
	}
	return n
}

// merged returns what e and o, two records of one origin's retrievals (the
// Store's and the Cache's own, each of which may have missed outcomes the
// other saw), say together at now: the later outcome and, while it is
// Unreachable, the latest reachable outcome either knows of and the
// earliest time either knows the origin to have been unreachable since
// then. A redirect the crawler's own CheckRedirect refused ends a run, as
// in next, and refuses on its own when it is the later outcome. A record
// fetched more than maxClockSkew after now says nothing (no clock is that
// far ahead): with nothing else known, the result is nil, and a retrieval
// begins a new history. Either may be nil; when one adds nothing to the
// other, that other is returned, not a copy.
func (e *CacheEntry) merged(o *CacheEntry, now time.Time) *CacheEntry {
	switch {
	case !o.usable(now) && !e.usable(now):
		return nil
	case !o.usable(now):
		return e
	case !e.usable(now):
		return o
	}
	last := e
	if o.Outcome.FetchedAt.After(e.Outcome.FetchedAt) {
		last = o
	}
	latest := last.Outcome
	if latest.Status != Unreachable {
		return last
	}
	var reach *Outcome
	for _, r := range [...]*Outcome{e.LastReachable, o.LastReachable, e.Outcome, o.Outcome} {
		if r != nil && r.Status != Unreachable && (reach == nil || r.FetchedAt.After(reach.FetchedAt)) {
			reach = r
		}
	}
	if last.refused() {
		if last.LastReachable == reach {
			return last
		}
		return &CacheEntry{Outcome: latest, LastReachable: reach}
	}
	// A run ends at a reachable outcome and at a refusal (see next): none
	// that either record saw began before the latest of those.
	var ended time.Time
	if reach != nil {
		ended = reach.FetchedAt
	}
	for _, x := range [...]*CacheEntry{e, o} {
		if x.refused() && x.Outcome.FetchedAt.After(ended) {
			ended = x.Outcome.FetchedAt
		}
	}
	var since time.Time
	for _, x := range [...]*CacheEntry{e, o} {
		if x.Outcome.Status != Unreachable || x.refused() {
			continue
		}
		// x's run began at UnreachableSince; if the other saw it end after
		// that, a run began again by x's latest outcome (at the same
		// instant, the run is taken to begin there).
		t := x.UnreachableSince
		if t.Before(ended) {
			if t = x.Outcome.FetchedAt; t.Before(ended) {
				continue
			}
		}
		if since.IsZero() || t.Before(since) {
			since = t
		}
	}
	for _, x := range [...]*CacheEntry{e, o} {
		if x.Outcome == latest && x.LastReachable == reach && x.UnreachableSince.Equal(since) {
			return x
		}
	}
	return &CacheEntry{Outcome: latest, LastReachable: reach, UnreachableSince: since}
}

// refused reports whether e's outcome is a redirect the crawler's own
// Client.CheckRedirect refused: Unreachable, with the outcome's own mark or
// with no UnreachableSince, which is how a stored entry still says so once
// JSON has lost the mark.
func (e *CacheEntry) refused() bool {
	return e.Outcome.Status == Unreachable && (e.Outcome.ownPolicy || e.UnreachableSince.IsZero())
}

// usable reports whether e holds an outcome that is not dated further in
// the future than a clock can be ahead of now, and whose run of Unreachable
// outcomes, if any, does not begin after it.
func (e *CacheEntry) usable(now time.Time) bool {
	return e != nil && e.Outcome != nil && !now.Add(maxClockSkew).Before(e.Outcome.FetchedAt) &&
		!e.UnreachableSince.After(e.Outcome.FetchedAt)
}

// unreachableTooLong stands for "no reachable outcome on record, unreachable
// for 30 days": Unavailable. It is never handed to callers, who get copies.
var unreachableTooLong = &Outcome{Status: Unavailable}

// deciding returns the outcome that decides for e's origin at now, by the
// 30-day rule in Cache's documentation.
func (e *CacheEntry) deciding(now time.Time) *Outcome {
	o := e.Outcome
	if o == nil || o.Status != Unreachable || e.UnreachableSince.IsZero() || now.Sub(e.UnreachableSince) < unreachableGrace {
		return o
	}
	if e.LastReachable != nil {
		return e.LastReachable
	}
	return unreachableTooLong
}

// A Store keeps a Cache's entries by origin ("https://example.com",
// "http://example.com:8080"). It lets workers on many machines share
// outcomes: a CacheEntry is plain data that encoding/json writes and reads.
// Implementations must be safe for concurrent use, and must not panic: the
// Get and Put around a retrieval run on a goroutine of the Cache's own, which
// the questions waiting for it share, where a panic ends the program.
//
// The Cache reads an entry before every answer, so Get should be fast; an
// implementation backed by a remote service will usually keep decoded entries
// in memory in front of it (decoding an entry parses its robots.txt again),
// but such a copy must still see the other machines' Puts, Forget's nil one
// included: check it against the remote value's version, say, rather than
// keep it for a time. A value Get cannot decode is best returned as no entry
// (nil, nil), so that the outcome the Cache then fetches replaces it. A Get
// error counts as a miss. When the Get before a retrieval fails, the outcome
// fetched is not Put, so as not to overwrite a history the Cache could not
// read; the outcome of a Put that fails is dropped by the Store. Either way
// the Cache keeps the outcome itself, in memory, for the most recently asked
// 1,000 such origins (each entry as large as a MemoryStore's): a Store whose
// Get or Put fails makes the Cache fetch each origin once per Lifetime, as it
// would with the Store, not once per question, as long as it asks about no
// more than those 1,000 origins in turn (it evicts the least recently asked
// first, so a round of more than 1,000 fetches on every question). Once it
// keeps entries of its own, every answer also looks there (a lock and a map
// lookup), and where it holds one for the origin, the Store's entry and its
// own are read together: the later outcome answers (when it is fresh), and
// the history of an unreachable origin's 30 days (see Cache) is what either
// knows, the latest reachable outcome and the earliest time the origin is
// known to have been unreachable since then, or, where one record cannot say
// when a run began, a later time (so the 30 days may then count from a later
// outcome than the first Unreachable one, never from an earlier; with one
// exception: a redirect the crawler's own CheckRedirect refused ends a run,
// but a record keeps no trace of one once another outcome has followed it,
// so that where only one record saw it, the run may count from the other's
// earlier start). A Put that succeeds drops the Cache's own entry. Reading
// the two together allocates the merged entry when each adds to the other;
// a fresh Store entry alone is read without allocating.
//
// The Get before each answer gets the caller's ctx: a Get that does not
// return before it ends leaves the caller without an answer (IsAllowed false;
// Explain's reason ReasonNoOutcome), unless the Cache holds a fresh entry of
// its own for the origin, and starts no retrieval; a Get that ignores ctx
// keeps the caller waiting. So give a remote Store's Get a deadline of its
// own shorter than the caller's. The Get and Put around a retrieval, which
// outlives callers who leave (and goes on to its end when they all have),
// each get a context that ends after the Fetcher's Timeout, and so does
// Forget's nil Put (within the caller's ctx). The callers waiting for a
// retrieval get its outcome once its Put returns: a slow Put keeps them
// waiting, and one slower than their own ctx leaves them without an answer
// (ReasonNoOutcome), though the outcome was fetched in time. So a question
// whose ctx has no deadline, and finds no fresh entry, waits for its own Get,
// then for up to three Timeouts (the Get, the retrieval and the Put: 30
// seconds with the default Timeout); a question asked while a Forget of the
// origin runs waits for that too.
//
// An entry is fresh for at most 24 hours after its FetchedAt, whatever its
// Lifetime says. A FetchedAt up to 5 minutes in the future (an entry Put by a
// machine whose clock is ahead) is taken as it is, the entry fresh until
// FetchedAt plus its Lifetime (or the Cache's MinLifetime, if longer); one
// further ahead makes the entry stale, and its history is not carried on: the
// next retrieval begins a new one. So does an UnreachableSince after the
// entry's own FetchedAt, which no Cache writes: a run of failures cannot
// begin after its latest one, and one dated years ahead would keep the
// 30-day rule from ever applying.
//
// Workers that share a Store each fetch an origin that none of them holds a
// fresh entry for: the one retrieval in flight per origin is per Cache. Their
// Puts replace one another's, the last one written winning.
//
// The Cache trusts its Store: the entry Get returns for an origin decides
// that origin's URLs as it is, whatever URL its Outcome names (which may be
// another host's anyway, after a redirect). A Store shared with machines
// that are not trusted must check what it hands back, as any cache must.
type Store interface {
	// Get returns origin's entry, or nil when there is none.
	Get(ctx context.Context, origin string) (*CacheEntry, error)
	// Put records origin's entry, replacing any other; a nil entry drops it
	// (Cache.Forget Puts one; the Cache Puts none otherwise). Put must not call
	// Cache.Forget for origin: Forget waits for the Put. The origin string is the
	// Store's to keep: it shares no memory with a URL the Cache was asked about.
	// (Get's may: a Store that keeps it copies it.)
	Put(ctx context.Context, origin string, e *CacheEntry) error
}

// A MemoryStore is a Store that keeps entries in memory, evicting the least
// recently used origin when it holds more than MaxOrigins. An entry holds at
// most one parsed robots.txt file, cut at the Fetcher's MaxBytes: the latest
// outcome's, or, while the origin is unreachable (an Unreachable outcome
// holds none), the last reachable one's. MaxOrigins therefore bounds memory.
// A parsed file holds about 1.7 times its size, 3.4 once asked about as one
// user agent and 3.8 as seven (the real sites' files of benchmarks/), and at
// most about 33 times (a file of nothing but three-line groups, a user-agent
// line, a Content-Signal line and one rule, a short wildcard one the most,
// each naming its own user agent, asked about as each of them; 21 times once
// asked about as one of them), beyond some 1 MiB that a file of any size may
// hold (see [Robots.Agent]; a 14 KB file has held 1.1 MB, 82 times its size):
// so with the default MaxBytes, up to some 17 MB a file in the worst case,
// and some 170 GB for the default MaxOrigins, should every origin serve such
// a file. A hostile domain can name any number of origins (a.evil.example,
// b.evil.example, ...): a crawler that may meet them sets MaxOrigins from
// what it can hold (2,000 origins at 17 MB: 34 GB), or parses less of each
// file (Fetcher.MaxBytes). The zero value is ready to use and a MemoryStore
// is safe for concurrent use; it must not be copied after first use. A nil
// *MemoryStore holds nothing: Get finds nothing, Len is 0 and Put fails.
//
// Its entries live as long as the process: encoding/json sees none of them
// (it writes a MemoryStore as its MaxOrigins alone). To keep outcomes across
// restarts, or to share them between machines, implement Store over a file
// or a database: a CacheEntry is plain data that encoding/json writes and
// reads, as Example_persistentStore shows.
type MemoryStore struct {
	// MaxOrigins is how many origins are kept. Zero or less means
	// DefaultMaxOrigins (10,000). Set it before first use.
	MaxOrigins int

	mu      sync.Mutex // guards the fields below
	byKey   map[string]*list.Element
	recency list.List // of *memoryItem, most recently used first
}

type memoryItem struct {
	origin string
	entry  *CacheEntry
}

// Get returns origin's entry, or nil, and marks origin as recently used. It
// never fails.
func (s *MemoryStore) Get(_ context.Context, origin string) (*CacheEntry, error) {
	if s == nil {
		return nil, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	el, ok := s.byKey[origin]
	if !ok {
		return nil, nil
	}
	s.recency.MoveToFront(el)
	return el.Value.(*memoryItem).entry, nil
}

// Put records origin's entry, evicting the least recently used origins
// beyond MaxOrigins; a nil entry drops origin's. It fails only on a nil
// *MemoryStore.
func (s *MemoryStore) Put(_ context.Context, origin string, e *CacheEntry) error {
	if s == nil {
		return errors.New("robots: Put on a nil *MemoryStore")
	}
	if e == nil {
		s.delete(origin)
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if el, ok := s.byKey[origin]; ok {
		el.Value.(*memoryItem).entry = e
		s.recency.MoveToFront(el)
		return nil
	}
	if s.byKey == nil {
		s.byKey = make(map[string]*list.Element)
	}
	s.byKey[origin] = s.recency.PushFront(&memoryItem{origin: origin, entry: e})
	limit := s.MaxOrigins
	if limit <= 0 {
		limit = DefaultMaxOrigins
	}
	for s.recency.Len() > limit {
		oldest := s.recency.Back()
		s.recency.Remove(oldest)
		delete(s.byKey, oldest.Value.(*memoryItem).origin)
	}
	return nil
}

// delete drops origin's entry from s, if s holds one.
func (s *MemoryStore) delete(origin string) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if el, ok := s.byKey[origin]; ok {
		s.recency.Remove(el)
		delete(s.byKey, origin)
	}
}

// Len returns how many origins s holds.
func (s *MemoryStore) Len() int {
	if s == nil {
		return 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.recency.Len()
}

// storage returns the Store in use.
func (c *Cache) storage() Store {
	if c.Store != nil {
		return c.Store
	}
	return lazyStore(&c.defaultStore, 0) // 0: MemoryStore's default
}

// IsAllowed reports whether userAgent may fetch rawURL, fetching the
// robots.txt of rawURL's origin when the Cache holds no fresh outcome for it.
// userAgent chooses the groups, by its product token; the request for
// robots.txt carries Fetcher.UserAgent, whatever userAgent is, so one Cache
// can answer for several bots from one retrieval per origin.
// It is false when rawURL is not an http or https URL, when ctx ends before
// the outcome is known, when the Fetcher's UserAgent cannot be sent (see
// Fetcher.UserAgent), and when c is nil. A ctx that has ended already still
// gets the answer of a fresh outcome the Store gives without waiting on it
// (MemoryStore's Get does not read ctx): only the waits end with ctx.
//
// So false does not always mean that the site refuses the URL: while its
// robots.txt is unreachable (a 5xx, a 429, a timeout) the origin refuses
// everything for a time, and the crawler's own side can leave it without an
// answer. A crawler that should not drop such URLs for good asks Explain
// instead and queues them again on ReasonUnreachable or ReasonNoOutcome
// (Cache.Outcome's FetchedAt plus Lifetime, or MinLifetime if longer, says
// when the Cache will ask the server again: an hour after a timeout or a
// network error, after a 5xx or a 429 its Retry-After or else an hour;
// Forget makes it ask at the next question).
func (c *Cache) IsAllowed(ctx context.Context, userAgent, rawURL string) bool {
	o, _, err := c.outcome(ctx, rawURL)
	if err != nil {
		return false
	}
	return o.IsAllowed(userAgent, rawURL)
}

// Explain is IsAllowed with the evidence (see [Outcome.Explain]). When there
// is no outcome to go by, it refuses, as IsAllowed does: with
// ReasonInvalidURL when rawURL is not an http or https URL with a host, and
// with ReasonNoOutcome when ctx ends first, the Fetcher's UserAgent cannot be
// sent, or c is nil, even for /robots.txt, which every outcome allows.
// Neither is the origin's doing, and an audit log should not read them as
// ReasonUnreachable. Where several apply, a nil c decides first, then the
// URL: an ftp URL asked of a Cache with no UserAgent is ReasonInvalidURL, of
// a nil one ReasonNoOutcome.
//
// After 30 days of Unreachable outcomes the answer comes from the last
// reachable copy (see Cache), with that copy's rule and line: Cache.Outcome
// returns the copy, whose FetchedAt and Lifetime, long past, tell such an
// answer from a fresh one.
func (c *Cache) Explain(ctx context.Context, userAgent, rawURL string) Decision {
	o, _, err := c.outcome(ctx, rawURL)
	if errors.Is(err, ErrNoOrigin) {
		return Decision{Allowed: false, Reason: ReasonInvalidURL, Group: -1}
	}
	if err != nil {
		return Decision{Allowed: false, Reason: ReasonNoOutcome, Group: -1}
	}
	return o.Explain(userAgent, rawURL)
}

// CrawlDelay returns the Crawl-delay that applies to userAgent on rawURL's
// origin, fetching its robots.txt when needed, read as Robots.CrawlDelay
// reads it; false when the deciding outcome is not Parsed or names no
// delay, and also when there is no outcome at all (a nil Cache, a rawURL
// with no origin, ctx ended before one was fetched). (0, false) is then
// not "no delay": a crawler that paces by it asks IsAllowed or Explain
// first, which refuse in those cases, and Explain's Reason says which.
func (c *Cache) CrawlDelay(ctx context.Context, userAgent, rawURL string) (time.Duration, bool) {
	o, _, err := c.outcome(ctx, rawURL)
	if err != nil {
		return 0, false
	}
	return o.CrawlDelay(userAgent)
}

// Outcome returns the outcome that decides for rawURL's origin, fetching it
// when the Cache holds no fresh one. After 30 days of Unreachable outcomes it
// is the last reachable one, or an Unavailable outcome saying why (see
// Cache); either keeps the fields of the fetch it comes from: the last
// reachable one its own FetchedAt and Lifetime, long past (the Cache asks the
// server again when the latest Unreachable fetch's Lifetime, or MinLifetime,
// runs out, which this outcome does not say: the origin's CacheEntry in the
// Store, Get by Origin(rawURL), holds that fetch as its Outcome), and the
// Unavailable one the HTTPStatus, FetchedAt and Lifetime of the latest
// Unreachable fetch, which say when the Cache will ask the server again. The
// outcome is shared: treat it as read-only. The error wraps ErrNoOrigin when
// rawURL has no http or https origin (no host, another scheme, or a port past
// 65535 or not a number), is ctx's when ctx ends first, and says so when c is
// nil or Fetcher.UserAgent cannot be sent (empty or blank, or with a control
// other than tab).
func (c *Cache) Outcome(ctx context.Context, rawURL string) (*Outcome, error) {
	o, e, err := c.outcome(ctx, rawURL)
	if o == unreachableTooLong {
		cp := *e.Outcome
		cp.Status = Unavailable
		cp.Error = fmt.Sprintf("robots: unreachable since %s, 30 days or more, with no earlier outcome: read as unavailable (RFC 9309 §2.3.1.4)",
			e.UnreachableSince.UTC().Format(time.RFC3339))
		cp.Err = textError(cp.Error, nil)
		return &cp, nil
	}
	return o, err
}

// Forget drops what c knows of rawURL's origin, from its Store (by a Put of a
// nil entry; see Store) and from the entries it keeps itself while the Store
// fails, so that the next question about the origin fetches its robots.txt
// again: when a site says it has changed the file, say. A retrieval in flight
// goes on for those who wait for it (questions asked before Forget returns
// may join it), and its outcome is not kept; if it is being stored, Forget
// waits for that Put, so that its own nil Put comes after it (a Store's Put
// must therefore not call Forget for its origin: it would wait until the
// Put's ctx ends). Other Caches that share the Store see the nil Put at their
// next Get, but Forget waits for none of their retrievals, whose Put may come
// after it, and it does not reach the entries they keep themselves while the
// Store fails them (those answer until a Put of theirs succeeds or their
// Lifetime ends). A second Forget, a Fetcher.Timeout later, drops what such a
// retrieval stored.
//
// While Forget runs, a question about the origin may still be answered by a
// fresh entry the Store holds, but none starts a retrieval: those that would
// wait for Forget, then ask again. If ctx has ended, or ends while Forget
// waits, it returns ctx's error having dropped nothing, and leaves the
// retrieval it found in flight, so that a later Forget waits for it in turn.
// Its own Put is given ctx bounded by Fetcher.Timeout, as the Cache's Puts
// are, so a Store that honours its ctx holds the origin no longer than that.
//
// The error wraps ErrNoOrigin when rawURL has no http or https origin, says
// so when c is nil, is ctx's when ctx has ended before Forget begins or ends
// while it waits, and is otherwise the Store's Put's, which may be a
// context's error too, ctx's or the Timeout's (the Cache's own entry is
// dropped all the same).
func (c *Cache) Forget(ctx context.Context, rawURL string) error {
	if c == nil {
		return errNilCache
	}
	if ctx == nil {
		ctx = context.Background()
	}
	origin, err := Origin(rawURL) // a copy, for the Store to keep
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		// Before anything is marked or dropped, so that ctx's error
		// always means nothing was.
		return err
	}
	// While Forget runs it holds the origin in flight, so that no
	// question starts a retrieval that reads what is being forgotten: they
	// wait, and ask again after it. A retrieval it finds in flight answers
	// those who already wait for it, but stores nothing once forgotten; one
	// already storing is waited for, so that the nil Put below comes after
	// its Put, and so is a Forget found holding the origin.
	c.mu.Lock()
	old := c.inflight[origin]
	hold := &pendingFetch{done: make(chan struct{}), forget: true, prev: old}
	c.setInflight(origin, hold)
	c.mu.Unlock()
	if err := c.waitFor(ctx, old); err != nil {
		// Given up on, having dropped nothing: what Forget found in
		// flight goes back there, so that a later Forget waits for it too.
		c.finish(origin, hold, old)
		return err
	}
	defer c.finish(origin, hold, nil)
	c.own.Load().delete(origin)
	// Bounded as the Cache's own Puts are: the origin is held until it ends.
	putCtx, cancel := context.WithTimeout(ctx, c.Fetcher.config().timeout)
	defer cancel()
	return c.storage().Put(putCtx, origin, nil)
}

// setInflight puts p in flight for origin. c.mu must be held.
func (c *Cache) setInflight(origin string, p *pendingFetch) {
	if c.inflight == nil {
		c.inflight = make(map[string]*pendingFetch)
	}
	c.inflight[origin] = p
}

// finish ends p, origin's retrieval or Forget: it takes p out of flight,
// unless another has taken its place, putting next there instead unless
// next is nil or over, and closes p.done. A next that is a Forget given up
// on stands for what that Forget found, down the chain: two Forgets given
// up on one after the other must leave the retrieval the first found, if
// it is still storing, for the next Forget to wait for. A Forget that was
// not given up on (next nil) lets go of what it found: nothing before it is
// left to wait for, and the chain of holds stays as short as the Forgets
// given up on while one retrieval stores.
func (c *Cache) finish(origin string, p, next *pendingFetch) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if next == nil {
		p.prev = nil // read by waitFor after done is closed
	}
	for next != nil && next.forget && next.over() {
		next = next.prev
	}
	if c.inflight[origin] == p {
		if next != nil && !next.over() {
			c.inflight[origin] = next
		} else {
			delete(c.inflight, origin)
		}
	}
	close(p.done)
}

// waitFor marks old, a retrieval in flight found by Forget, forgotten, and
// waits for its Put if it has begun one; or, if old is another Forget,
// waits for it to end, then for what it found (which it may have given up
// on). It returns ctx's error if ctx ends first; nil at once for a nil old.
func (c *Cache) waitFor(ctx context.Context, old *pendingFetch) error {
	for old != nil && old.forget {
		select {
		case <-old.done:
			old = old.prev
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if old == nil {
		return nil
	}
	old.mu.Lock()
	old.forgotten = true
	storing := old.storing
	old.mu.Unlock()
	if !storing {
		return nil
	}
	select {
	case <-old.done: // closed once the Put has ended
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// outcome finds the outcome that decides for rawURL and the entry it comes
// from: the hot path of every Cache question, which allocates nothing when
// the Store's entry is fresh (and the Cache keeps none of its own for the
// origin that adds to it; see Store) and rawURL's scheme and host are
// already in canonical form (lower case, no default port) with no userinfo
// between them, as a crawler's URLs usually are: its origin is then a part
// of it.
func (c *Cache) outcome(ctx context.Context, rawURL string) (*Outcome, *CacheEntry, error) {
	if c == nil {
		return nil, nil, errNilCache
	}
	if ctx == nil {
		ctx = context.Background() // as Fetch takes it
	}
	origin, err := originOf(rawURL) // a substring of rawURL, usually: see refresh
	if err != nil {
		return nil, nil, err
	}
	if err := checkUserAgent(c.Fetcher.UserAgent); err != nil {
		// Refused here rather than stored: outcomes that never reached the
		// origin must not start its 30 days of unreachability.
		return nil, nil, err
	}
	now := time.Now()
	e, err := c.storage().Get(ctx, origin)
	if e = c.withOwn(origin, e, err, now); !e.fresh(now, c.MinLifetime) {
		if e, err = c.refresh(ctx, origin); err != nil {
			return nil, nil, err
		}
		now = time.Now()
	}
	return e.deciding(now), e, nil
}

// refresh returns origin's entry after a retrieval, joining the one in
// flight or starting one. The retrieval runs on its own goroutine with ctx's
// values but not its cancellation, so that a caller who leaves does not end
// it for the others; a caller whose ctx has already ended starts none, since
// no one would wait for it (a crawler shutting down must not go on asking
// every origin it still hears of).
func (c *Cache) refresh(ctx context.Context, origin string) (*CacheEntry, error) {
	for {
		c.mu.Lock()
		p, ok := c.inflight[origin]
		if !ok {
			if err := ctx.Err(); err != nil {
				c.mu.Unlock()
				return nil, err
			}
			p = &pendingFetch{done: make(chan struct{})}
			// The key is kept, in the Store too, for as long as the origin
			// is: as a substring of the URL asked about, it would keep all
			// of it.
			origin = strings.Clone(origin)
			c.setInflight(origin, p)
			go c.fill(context.WithoutCancel(ctx), origin, p)
		}
		c.mu.Unlock()
		select {
		case <-p.done:
			if !p.forget {
				return p.entry, nil
			}
			// A Forget held the origin: ask again, now that it is done.
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// fill performs the retrieval of p.
func (c *Cache) fill(ctx context.Context, origin string, p *pendingFetch) {
	// ctx has no cancellation (see refresh): the Store's calls get the
	// Fetcher's Timeout each, so that a Store that hangs cannot keep the
	// origin's waiters, and every later caller, waiting for ever.
	timeout := c.Fetcher.config().timeout
	store := c.storage()
	getCtx, cancel := context.WithTimeout(ctx, timeout)
	prev, err := store.Get(getCtx, origin)
	cancel()
	// After a failed Get, the stored history (of an unreachable origin's 30
	// days) is unknown: the new entry must not be Put over the Store's.
	prev = c.withOwn(origin, prev, err, time.Now())
	e := prev
	// Another fill may have stored a fresh entry between the caller's look
	// and the registration of p: then there is nothing to fetch. Storing
	// before finishing (below) makes this look sufficient.
	if !prev.fresh(time.Now(), c.MinLifetime) {
		e = prev.next(c.Fetcher.Fetch(ctx, origin))
		// Cache.Forget, once it has set forgotten, stops the Put, or
		// waits for one begun (see waitFor).
		p.mu.Lock()
		storing := !p.forgotten
		p.storing = storing
		p.mu.Unlock()
		if storing {
			c.keep(ctx, store, timeout, err == nil, origin, e)
		}
	}
	p.entry = e
	c.finish(origin, p, nil)
}

// keep stores origin's entry e: in store when put (the Get before it
// succeeded), with timeout for the Put, else, or when the Put fails, in
// c's own memory.
func (c *Cache) keep(ctx context.Context, store Store, timeout time.Duration, put bool, origin string, e *CacheEntry) {
	kept := false
	if put {
		putCtx, cancel := context.WithTimeout(ctx, timeout)
		kept = store.Put(putCtx, origin, e) == nil
		cancel()
	}
	if kept {
		c.own.Load().delete(origin)
	} else {
		c.keepOwn(origin, e)
	}
}

// withOwn returns what the Store's entry e for origin, read at now, and the
// Cache's own entry say together (see Store): the merge of the two, or the
// Cache's own alone when the Store's Get failed with getErr.
func (c *Cache) withOwn(origin string, e *CacheEntry, getErr error, now time.Time) *CacheEntry {
	s := c.own.Load()
	if s == nil { // the Store never failed: the hot path of every question
		if getErr != nil {
			return nil
		}
		return e
	}
	own, _ := s.Get(context.Background(), origin)
	if getErr != nil {
		return own
	}
	return e.merged(own, now)
}

// keepOwn keeps e, which the Store could not, in c's own memory (see Store).
func (c *Cache) keepOwn(origin string, e *CacheEntry) {
	own := lazyStore(&c.own, maxFallbackOrigins)
	_ = own.Put(context.Background(), origin, e) // a MemoryStore's Put does not fail
}

// lazyStore returns the MemoryStore of p, of maxOrigins, made on first use.
func lazyStore(p *atomic.Pointer[MemoryStore], maxOrigins int) *MemoryStore {
	if s := p.Load(); s != nil {
		return s
	}
	p.CompareAndSwap(nil, &MemoryStore{MaxOrigins: maxOrigins})
	return p.Load()
}

// Origin returns the origin of an http or https URL as a Cache keys its
// Store: scheme "://" host [":" port], as RobotsURL writes them (lower case
// but for an IPv6 zone, the host in punycode, no default port), as in
// "https://example.com" or "http://example.com:8080". It is the key to Get or
// Put an origin's entry by, and a key for pacing requests per origin, each of
// which has a robots.txt and a Crawl-delay of its own (RFC 9309 §2.3): http
// and https of one host are two origins, so a crawler that fetches both and
// wants one pace for the server keys its pacing on the host instead. The
// error wraps ErrNoOrigin when rawURL is not an http or https URL with a
// host, its port is past 65535 or not a number (for which RobotsURL, which
// parses all of rawURL with net/url, gives net/url's error), or its host
// cannot be one ("http://a<b/"). Only the scheme and authority are read:
// "http://example.com/%zz", whose path net/url refuses (and so RobotsURL and
// Fetch), has an origin all the same. A host's trailing dot is kept:
// "http://example.com./" is an origin of its own, whose robots.txt is fetched
// from that host as written, as browsers keep the two apart (a server may
// answer them differently, and its robots.txt governs the host it is served
// from). The origin is a string of its own, never a part of rawURL, so that
// keeping it does not keep all of rawURL.
func Origin(rawURL string) (string, error) {
	origin, err := originOf(rawURL)
	return strings.Clone(origin), err
}

// originOf is Origin without the copy, for a look-up.
func originOf(rawURL string) (string, error) {
	origin, ok := originKey(rawURL)
	if !ok {
		return "", fmt.Errorf("robots: %q has no http or https origin: %w", withoutUserinfo(rawURL, false), ErrNoOrigin)
	}
	return origin, nil
}

// originKey returns the Store key of rawURL's origin, scheme "://" host
// [":" port] exactly as RobotsURL writes them, and false when rawURL is not
// an http or https URL with a host. Only the scheme and authority are read:
// the path is the decision's business. A URL already in canonical form (the
// usual case) is answered with a substring of rawURL, without allocating.
func originKey(rawURL string) (string, bool) {
	var prefix int
	switch {
	case strings.HasPrefix(rawURL, "https://"):
		prefix = len("https://")
	case strings.HasPrefix(rawURL, "http://"):
		prefix = len("http://")
	default:
		return slowOriginKey(rawURL)
	}
	// A canonical authority is a host of [a-z0-9.-] and an optional port
	// of digits, up to the path, query or fragment.
	end := prefix
	for end < len(rawURL) && canonicalHostOctet[rawURL[end]] {
		end++
	}
	host := rawURL[prefix:end]
	if end < len(rawURL) && rawURL[end] == ':' {
		end++
		start := end
		for end < len(rawURL) && '0' <= rawURL[end] && rawURL[end] <= '9' {
			end++
		}
		port := rawURL[start:end]
		// A port is written canonical without leading zeros and at most
		// 65535 (see robotsURL).
		scheme := rawURL[:prefix-len("://")]
		if port == "" || port == defaultPort(scheme) || port[0] == '0' || len(port) > 5 || len(port) == 5 && port > "65535" {
			return slowOriginKey(rawURL)
		}
	}
	if host != "" && (end == len(rawURL) || rawURL[end] == '/' || rawURL[end] == '?' || rawURL[end] == '#') {
		return rawURL[:end], true
	}
	return slowOriginKey(rawURL) // it reads the authority alone
}

// canonicalHostOctet reports the octets of a host as RobotsURL writes one
// (an IPv6 literal aside): lower-case letters, digits, '-' and '.'.
var canonicalHostOctet = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	t['-'], t['.'] = true, true
	return t
}()

// slowOriginKey is originKey for URLs not in canonical form: RobotsURL of
// the scheme and authority alone.
func slowOriginKey(rawURL string) (string, bool) {
	i := strings.Index(rawURL, "://")
	if i < 0 {
		return "", false
	}
	n, ok := authorityLen(rawURL[i+len("://"):])
	if !ok {
		return "", false // net/url takes '"', '<' and '>' in a host
	}
	u, err := robotsURL(rawURL[:i+len("://")+n])
	if err != nil || u.Scheme != "http" && u.Scheme != "https" {
		return "", false
	}
	// As RobotsURL writes it: an IPv6 zone's '%' escaped ("%25en0").
	return (&url.URL{Scheme: u.Scheme, Host: u.Host}).String(), true
}
