package robots

import (
	"time"
)

// DefaultMaxBytes is the parsing limit Parse applies: 500 KiB, the minimum
// RFC 9309 §2.5 asks crawlers to read.
const DefaultMaxBytes = 512000

// A Robots is a parsed robots.txt document.
//
// The zero value and a nil *Robots are valid empty documents that allow
// everything. A Robots is safe for concurrent queries. Its exported fields may
// be set freely before the first query (IsAllowed, Explain, CrawlDelay,
// ContentSignalsFor, Agent); the first query compiles them, so changes made
// after it are not seen.
type Robots struct {
	Groups   []Group  // in document order
	Sitemaps []string // Sitemap values as written, in document order
	Records  []Record // every other record, in document order

	// ContentSignals holds the Content-Signal lines that come before the
	// first group: they apply to every agent. Nil when there are none.
	ContentSignals map[string]bool
}

// A Group is one run of user-agent lines and the records that follow them.
type Group struct {
	UserAgents     []string        // as written; "*" for the wildcard
	Rules          []Rule          // in document order
	CrawlDelay     time.Duration   // 0 = none given
	ContentSignals map[string]bool // Content-Signal: search=yes, ai-train=no -> {"search":true,"ai-train":false}; nil = none
}

// A Rule is one allow or disallow line. An empty Pattern matches nothing.
type Rule struct {
	Allow   bool
	Pattern string // as written, comment and surrounding whitespace removed
}

// A Record is a line the protocol does not define, such as Host or
// Clean-param, kept so that nothing in a document is silently dropped.
type Record struct {
	Name  string // lower-cased
	Value string // as written
}

// Parse reads data as a robots.txt document, up to DefaultMaxBytes.
// Parse accepts any bytes; it never fails.
func Parse(data []byte) *Robots {
	return ParseLimit(data, DefaultMaxBytes)
}

// ParseLimit is Parse with a parsing limit of maxBytes instead of
// DefaultMaxBytes. A maxBytes of zero or less means DefaultMaxBytes.
func ParseLimit(data []byte, maxBytes int) *Robots {
	_ = data
	_ = maxBytes
	return &Robots{} // skeleton: the parser lands in the next commits
}

// MarshalText writes r as robots.txt text.
func (r *Robots) MarshalText() ([]byte, error) {
	return nil, nil
}

// UnmarshalText replaces the contents of r with Parse(data).
func (r *Robots) UnmarshalText(data []byte) error {
	_ = data
	return nil
}

// String returns the text MarshalText writes.
func (r *Robots) String() string {
	return ""
}
