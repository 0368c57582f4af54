package robots

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dunglas/httpsfv"
	"golang.org/x/net/html"
)

// Page directives: what a publisher allows a crawler to do with a page it has
// fetched. Three carriers say it, and they may disagree: X-Robots-Tag header
// lines (the legacy grammar Google documents), the Robots-Tag structured field
// of draft-illyes-repext, and <meta name="robots"> tags in the HTML head. A
// crawler merges all of them for its own product token: the most restrictive
// value of each directive wins.

// MaxRobotsTagBytes is how much of a Robots-Tag field is read: 8 KiB, the
// least draft-illyes-repext §3.1.1 allows. All of a response's Robots-Tag
// lines, joined with ", ", count towards it. A longer field keeps only the list
// members that end inside the limit; the member the limit cuts, and everything
// after it, is ignored.
const MaxRobotsTagBytes = 8192

// MaxLinkBytes is the longest URL Links returns, in octets; a <base href>
// that resolves to a longer one is ignored. RFC 9110 §4.1 recommends that
// senders and recipients support URIs of at least 8,000 octets: a longer one
// is not reliably crawlable.
const MaxLinkBytes = 8000

// Directives is one set of page directives: the restrictions a publisher
// places on a page for one bot, or for every bot.
//
// The zero value restricts nothing, for every bot. A nil MaxSnippet or
// MaxVideoPreview, an empty MaxImagePreview and a zero UnavailableAfter mean
// the directive was not given. Directives values from this package never share
// memory that the package changes later.
//
// Each flag is its own directive: nosnippet does not set NoArchive, although
// Google's early robots meta FAQ said it also kept a page out of the cache;
// its current documentation gives nosnippet no such effect, and noarchive
// (or nocache) says it. Nor does a past UnavailableAfter set NoIndex: the
// package reads no clock, so an indexer compares it with its own
// (!d.UnavailableAfter.IsZero() && now.After(d.UnavailableAfter)) and treats
// the page as noindex from then on, as Google does. Limits are kept as
// written too: a MaxSnippet of 0 leaves NoSnippet false, though Google reads
// max-snippet:0 as nosnippet, so a snippet may be shown only when
// !d.NoSnippet && (d.MaxSnippet == nil || *d.MaxSnippet != 0). Likewise a
// MaxVideoPreview of 0, which Google reads as no video preview, at most a
// static image (as MaxImagePreview allows). A limit below -1, or past what
// an int holds (2^63-1, or 2^31-1 where int has 32 bits), is ignored, as if
// not given.
//
// A Bot is compared with a crawler's product token as ProductToken gives it,
// whole: letters, '_' and '-' only (RFC 9309 §2.2.1), the same token its
// robots.txt groups are chosen by. A set for "googlebot/2.1", or for
// "mj12bot" (MJ12bot's token is "mj"), reaches no crawler, though the
// writers write it.
type Directives struct {
	Bot string // lower-cased product token the set is scoped to; "" = every bot

	NoIndex      bool // noindex (or none): do not index the page
	NoFollow     bool // nofollow (or none): do not follow the page's links
	NoArchive    bool // noarchive (or nocache): do not show a cached copy
	NoSnippet    bool // nosnippet: show no text snippet or video preview (not NoArchive: see the type's doc)
	NoImageIndex bool // noimageindex: do not index the page's images
	NoTranslate  bool // notranslate: do not offer a translation

	MaxSnippet      *int   // max-snippet in characters; nil = no directive; -1 = no limit
	MaxVideoPreview *int   // max-video-preview in seconds; nil = no directive; -1 = no limit
	MaxImagePreview string // max-image-preview: "", "none", "standard" or "large"

	UnavailableAfter time.Time // unavailable_after, in UTC, whole seconds (a fraction is dropped: the earlier, stricter time); zero = none

	Other []string // unknown directive names, lower-cased, no duplicates, in order of appearance
}

// ParseDirectives reads one X-Robots-Tag header line or one robots meta
// content value in the legacy grammar and returns one set per bot, in order
// of first appearance; sets for the same bot are merged into one, keeping
// the most restrictive value of each directive.
//
// Items are separated by ',' or ';'. An item "name: rest" opens a scope for
// the bot name that lasts until the next scope; "robots:" goes back to every
// bot ("*:" does not: it names a bot "*", and a bot name must equal the
// agent's product token, which is never "*"). The valued directives
// max-snippet, max-image-preview, max-video-preview and unavailable_after are
// not scopes, so "examplebot: max-snippet: 20" scopes a limit to examplebot.
// Names, values and bot names are ASCII case-insensitive (an unknown name
// goes to Other lower-cased by Unicode's rules when it is UTF-8, so that
// "NOÉ" and "noé" are one). none is noindex plus nofollow, nocache is
// noarchive, and all, index and follow restrict nothing. Items before any
// scope form the set with Bot "". An item with nothing before its colon (":
// nofollow") names neither a bot nor a directive and is dropped; the scope
// before it goes on. A set appears with the first item or scope that
// addresses it, even when it restricts nothing: "all" gives one empty set for
// every bot, "examplebot:" one for examplebot.
//
// unavailable_after takes RFC 3339 and ISO 8601 dates, in the extended or the
// basic form (2010-06-25T15:00:00Z, 20100625T150000Z; a bare date is 00:00
// UTC, a time without a zone is UTC, a fraction is of the last component
// given, 15:00,5 being 15:00:30): calendar dates, with a time of hours and
// minutes at least (ISO 8601's week and ordinal dates, 2010-W25-5 and
// 2010-176, and an hour alone, 2010-06-25T15, are not read), RFC 1123 and RFC
// 822 dates with or without the weekday (and with a comment after the zone,
// "+0000 (UTC)"), RFC 850 dates, and "25-Jun-2010 15:00:00 EST"; years have
// two or four digits (two digits: 00-49 is 20xx, 50-99 is 19xx); zones are
// numeric or one of UT, GMT, UTC, Z, EST, EDT, CST, CDT, MST, MDT, PST and
// PDT. The comma after a weekday does not end the item, nor does one before a
// digit when the whole is a date (ISO 8601's decimal comma,
// "15:00:00,5+02:00"); when it is not, the date before the comma is read
// alone, and what follows is read as items if it names something
// ("2025-06-25, 360spider: noindex"), else dropped as the rest of a broken
// date ("June 25, 2010 3:00 PM EST"), as is a month after a weekday
// ("Wednesday, June 25, 2025", which is no date read here), with the
// digit-led items after them that name nothing. A date before
// 0001-01-01T00:00:01Z (the zero time.Time, a date in the year 0000, which
// RFC 3339 allows, or a year-1 date with a zone east of UTC) is read as that
// instant: the zero UnavailableAfter means none, and a date long past must
// not be lost.
//
// ParseDirectives accepts any string, in time linear in its length. A
// directive whose value does not parse (max-snippet: abc, a limit below -1,
// one with a sign of '+' or a fraction, +5 or 1.5, an unknown zone) is
// ignored, and does not reach Other either. It returns
// nil when value holds no set. Each set is a Directives of its own, so a
// value of many short bot names ("a:b:c:...") allocates some 170 times its
// length, and the sets it returns hold some 25 times it: bound a header from
// an untrusted source before parsing it. DirectivesFor and ExplainDirectives,
// which keep only the sets for one agent, allocate next to nothing for the
// same value.
func ParseDirectives(value string) []Directives {
	var c collector
	parseLegacy(value, &c)
	return c.export()
}

// ParseRobotsTag reads the lines of a Robots-Tag field (draft-illyes-repext
// §3.1.1) and returns one set per list member that is a token, in order of
// first appearance, merged per bot: the token "*" gives the set with Bot "",
// any other token its lower-cased self ("robots" too: unlike the legacy
// grammar, the field has no other name for every bot). The member's
// parameters are the directives: a bare key is on, ?0 is off, integers,
// tokens and strings are values read as in ParseDirectives, and an RFC 9651
// Date is read as a time. Members that are not tokens, and parameters that do
// not parse (a flag given anything but a Boolean, as in "noindex=1"; a limit
// that is no number, as in "max-snippet=abc"), are ignored; a key given twice
// in one member takes its last value (RFC 9651 §4.2.3.2), so
// "*;noindex;noindex=?0" is off. A member names a bot, never a directive:
// "Robots-Tag: noindex" is a valid field that gives an empty set for a bot
// called noindex, and says nothing to any other; noindex for every bot is
// "*;noindex".
//
// Empty lines are skipped and the others joined with ", " (RFC 9651 §4.2),
// then cut to MaxRobotsTagBytes, keeping only whole members. The field is
// parsed strictly as an RFC 9651 List: when it does not parse,
// ParseRobotsTag returns no sets and an error, and the whole field must be
// ignored; legacy syntax such as "noindex, examplebot: nofollow" sent in
// this field applies nothing.
func ParseRobotsTag(lines ...string) ([]Directives, error) {
	var c collector
	if _, err := parseRobotsTag(lines, &c); err != nil {
		return nil, err
	}
	return c.export(), nil
}

// DirectivesFor returns the directives that apply to userAgent for a page
// fetched with response header h and body: the union of every X-Robots-Tag
// line, the Robots-Tag field, and, when the body is HTML, the robots meta tags
// of the document head, each taken when it addresses every bot or userAgent's
// product token (see ProductToken). The result has Bot "".
//
// The union is the most restrictive combination: flags are OR'ed, the smaller
// max-snippet and max-video-preview win (-1 is no limit), max-image-preview
// takes the lowest of none, standard and large, and the earliest
// unavailable_after wins. A bot-specific set never lifts a generic
// restriction, as draft-illyes-repext §3.1.2 and Google agree:
// "examplebot: all" leaves a "noindex" for every bot in place. (Some guides
// have a named set override the unnamed one for its bot; this package does
// not.)
//
// X-Robots-Tag lines are read in the legacy grammar (see ParseDirectives),
// even when they hold the structured-field syntax that draft-illyes-repext
// §3.1.1 says implementors should also accept under that name. In the legacy
// grammar ';' separates directives, so "*;nosnippet, otherbot;noindex" is
// four items, and applies nosnippet and noindex to every bot (with "*" and
// "otherbot" in Other), the restrictive reading. Only a Robots-Tag field is
// read as the draft's List.
//
// The body is read as HTML when the Content-Type header is text/html or
// application/xhtml+xml, or, when there is no Content-Type, when it sniffs as
// HTML (http.DetectContentType, the WHATWG MIME Sniffing rules, by which a
// body that starts with a byte order mark, UTF-8's or UTF-16's, is
// text/plain, whatever follows it). Only <meta name="robots"> and <meta
// name="<product token>"> tags that the HTML5 tree builder places in <head>
// count, with scripting enabled or disabled: a meta inside a <noscript> in
// the head counts, as a crawler that runs no scripts reads it, and so does
// one that an element in such a <noscript> would push out of the head, as a
// browser reads it (where a CDATA section in SVG or MathML in a head
// <template> leaves unsure how the tree builder reads it, or where browsers
// read one as the letter of the standard does not, in a <foreignObject>, say,
// those either reading places there too; misnested markup in such a template
// can still hide the metas after it, as Links explains). Reading stops where
// the head ends, at the first octets of what ends it (text, or a tag whose
// attributes run on for megabytes, is not read whole), so the cost does not
// grow with the body, but for a head that never ends (an unclosed <title>,
// <style>, <script>, <template>, <noscript> or comment in it, or a comment
// after </head>, which a meta may still follow, is read to the end of the body,
// at up to some 8 times its size in the tokenizer's buffers). A body in UTF-16
// is decoded only as far as its head goes (its first 16 KiB, then twice as much
// each time the head goes on past what was decoded, and all of it once that is
// half of it or more, so that a head that never ends costs less than twice a
// reading of all of it): one that starts with a UTF-16 byte order mark, or
// whose Content-Type charset names UTF-16 ("utf-16", "utf-16be", ...) and that
// starts with no UTF-8 mark, as the HTML encoding sniffing algorithm decides
// (the charset parameter read as WHATWG MIME Sniffing parses it:
// `charset="utf-16` names UTF-16, and `charset =utf-16` is no charset). Other
// encodings are read as octets, which finds the same tags and names in every
// encoding whose ASCII is ASCII. In application/xhtml+xml, which is XML, a
// self-closing tag such as <title/> is an empty element, where HTML would read
// the rest of the page as its text. A nil h or body is valid. Header names are
// matched in any case, also in a map written by hand whose keys are not in
// net/http's canonical form.
//
// DirectivesFor accepts any input; what does not parse applies nothing. It
// is safe for concurrent use. It allocates next to nothing for the
// directives it merges, but keeps each unknown name once, in Other: a line
// of 100,000 distinct ones (some 500 KB) allocates some 30 MB. Bound the
// headers of a response from an untrusted source before reading them.
func DirectivesFor(h http.Header, body []byte, userAgent string) Directives {
	r := collect(h, body, ProductToken(userAgent), nil)
	return r.directives()
}

// A Carrier is where a page directive was read.
type Carrier uint8

// The carriers of page directives.
const (
	CarrierXRobotsTag Carrier = iota + 1 // an X-Robots-Tag header line, in the legacy grammar
	CarrierRobotsTag                     // the Robots-Tag structured field (draft-illyes-repext)
	CarrierMetaTag                       // a robots meta tag in the HTML head
)

// String returns the carrier's name as a log line would show it:
// "X-Robots-Tag", "Robots-Tag" or "meta"; "Carrier(n)" for a value that is
// none of the constants, such as the zero Carrier.
func (c Carrier) String() string {
	switch c {
	case CarrierXRobotsTag:
		return "X-Robots-Tag"
	case CarrierRobotsTag:
		return "Robots-Tag"
	case CarrierMetaTag:
		return "meta"
	}
	return "Carrier(" + strconv.Itoa(int(c)) + ")"
}

// A Source is one set of directives that reached an agent, with the evidence
// of where it came from, for audit logs ("noindex via X-Robots-Tag").
type Source struct {
	Carrier Carrier // which header or tag said it

	// Name is the meta tag's name attribute, lower-cased and trimmed
	// ("robots" or the agent's product token); "" for header carriers.
	Name string

	// Value is what was read: the X-Robots-Tag line as received, the meta
	// content with its character references decoded ("&#110;oindex" is
	// "noindex"), or the Robots-Tag field as parsed (its lines joined with
	// ", " and cut to MaxRobotsTagBytes).
	Value string

	// Directives is what this carrier says to the agent. Its Bot is "" when
	// the set addresses every bot and the agent's product token when it is
	// scoped to the agent; a carrier that says both gives two Sources.
	Directives Directives

	// Err is set when the carrier was ignored whole: a Robots-Tag field that
	// is not a valid structured-field List. Directives is then empty.
	Err error
}

// String returns the source as evidence for a log line:
// `X-Robots-Tag: noindex`, `Robots-Tag: *;noindex` or
// `<meta name="robots" content="noindex">`; an ignored field says why. A
// header's value is written as received but for what is not graphic (a
// control, a bidi override, an octet that is not UTF-8), escaped as Go
// escapes it in a quoted string ("\x1b", "\u202e", "\xff"), so that a server
// cannot start a log line of its own or reorder what a reader sees; a meta
// tag's name and content are quoted.
// The two Sources of a carrier that says something to every bot and
// something to the agent ("noarchive, examplebot: noindex") give the same
// string: their Directives.Bot tells them apart.
func (s Source) String() string {
	var b []byte
	if s.Carrier == CarrierMetaTag {
		b = append(b, `<meta name=`...)
		b = strconv.AppendQuote(b, s.Name)
		b = append(b, ` content=`...)
		b = strconv.AppendQuote(b, s.Value)
		b = append(b, '>')
	} else {
		b = append(b, s.Carrier.String()...)
		b = append(b, ": "...)
		b = append(b, escapeNongraphic(s.Value)...)
	}
	if s.Err != nil {
		b = append(b, " (ignored: "...)
		b = append(b, escapeNongraphic(s.Err.Error())...)
		b = append(b, ')')
	}
	return string(b)
}

// ExplainDirectives returns what DirectivesFor returns, with the sets it
// merged, in the order read: X-Robots-Tag lines, then the Robots-Tag field,
// then meta tags in document order. A restriction in the result is set by at
// least one Source; which ones, a caller finds by testing each Source's
// Directives (a flag that is on, or a limit equal to the result's). A
// carrier that addresses the agent but restricts nothing ("index, follow")
// is listed with empty Directives; a Robots-Tag field that was ignored is
// listed with Err set. Sets addressed to other bots are not listed, nor,
// therefore, a Robots-Tag field "noindex", which addresses a bot of that
// name (see ParseRobotsTag): to log a field that said nothing to the agent,
// look for a Robots-Tag header when no Source has CarrierRobotsTag.
//
// Each Source holds some 200 octets beside its Value, and each header line
// or meta tag that addresses the agent gives one: a response of 10,000
// X-Robots-Tag lines of "all" gives 10,000 Sources, some 2 MB, where
// DirectivesFor allocates next to nothing for it. Bound the headers of a
// response from an untrusted source before explaining them.
func ExplainDirectives(h http.Header, body []byte, userAgent string) (Directives, []Source) {
	var sources []Source
	r := collect(h, body, ProductToken(userAgent), &sources)
	return r.directives(), sources
}

// String writes d in the legacy grammar, for an X-Robots-Tag line or a meta
// content value: "noindex, nofollow", "examplebot: nosnippet",
// "max-snippet: 20", "unavailable_after: Friday, 25-Jun-10 23:00:00 UTC".
// Directives come in a fixed order (the flags, the limits, the date, then
// Other); dates are in RFC 850 form in UTC, with a four-digit year when two
// digits would read back as another century. A set for which IsEmpty
// reports true writes "all" (or "examplebot: all" when scoped), never "": an
// empty header or content value would hold no set at all.
//
// ParseDirectives(d.String()) gives back exactly d for every set
// ParseDirectives returns. A set built by hand round-trips when its Bot and
// Other names are lower-case, distinct, non-empty and without surrounding
// whitespace, hold no ',', ';' or ':', and are not "robots" or a valued
// directive's name (max-snippet, ...); when Other holds no directive this
// package knows; and when its values are valid (limits of at least -1,
// MaxImagePreview "", none, standard or large, UnavailableAfter a whole
// second in UTC of the years 1 to 9999, as every date ParseDirectives reads
// is). Sets from ParseRobotsTag may fail that, since a structured-field token
// can hold ':', and a set of the token robots, a bot of that name there,
// writes "robots: ...", which reads back as every bot's.
//
// A set that fails those conditions is written as it is, nothing escaped,
// refused or left out, and may read back as another set: a MaxImagePreview
// of "large, noindex" writes a noindex, a Bot "a,b" a directive a and a
// scope for b, a limit of -5 nothing that reads back, a name holding CR or
// LF writes them (net/http sends a header value's CR and LF as spaces), and
// an empty Other name an empty item ("noindex, , x"; alone, "").
// A crawler that builds a set from values it does not control reads
// String's output back with ParseDirectives before it relies on it.
// ExplicitString and MetaTag write such values as String does. String is
// not for logs: a set read from a page may hold what the page wrote, an
// Other name with a line break or an ESC from meta content such as
// "noindex, a&#10;b", which String writes as it is, so as to read back to
// the same set; a Source's String, from ExplainDirectives, escapes them.
//
// Send the set for every bot first, before any scoped one: a proxy may join
// a response's X-Robots-Tag lines into one with ", " (RFC 9110 §5.3), and a
// scope lasts to the end of its line, so that "examplebot: noindex" then
// "nofollow" would read as examplebot's "noindex, nofollow", and other bots
// would get nothing.
func (d Directives) String() string {
	return string(d.appendLegacy(nil, false))
}

// ExplicitString is String spelling out the defaults: it always writes
// index or noindex and follow or nofollow first, as in "noindex, follow" or
// "examplebot: index, follow". It suits a meta tag whose reader should not
// have to know the defaults. ParseDirectives(d.ExplicitString()) gives back
// exactly d for every set ParseDirectives returns, the empty one included.
func (d Directives) ExplicitString() string {
	return string(d.appendLegacy(nil, true))
}

// MetaTag writes d as an HTML meta tag for a page's head, named robots, or
// d.Bot for a scoped set, with the unscoped ExplicitString as its content
// (index and follow spelled out for readers who guess defaults):
// <meta name="robots" content="noindex, follow"> or <meta name="examplebot"
// content="index, nofollow, max-snippet: 20">. The attribute values are
// escaped for HTML. Put in a page's head, it reads back through
// DirectivesFor, for the bot it names, as d with Bot "", when String would
// give d back, it holds no NUL (which HTML reads as U+FFFD, however it is
// written), and d.Bot is "" or a lower-case product token (see
// ProductToken): no meta tag is read for a Bot such as "*" or "Example Bot".
func (d Directives) MetaTag() string {
	name := d.Bot
	if name == "" {
		name = "robots"
	}
	d.Bot = ""
	return `<meta name="` + html.EscapeString(name) + `" content="` + html.EscapeString(d.ExplicitString()) + `">`
}

// IsEmpty reports whether d holds no directive, its Bot aside: no flag,
// limit, date or Other name. A page whose merged set is empty may be
// indexed, followed and shown in full; String writes "all" for it, or
// "examplebot: all" when it is scoped.
func (d Directives) IsEmpty() bool {
	return !d.NoIndex && !d.NoFollow && !d.NoArchive && !d.NoSnippet && !d.NoImageIndex && !d.NoTranslate &&
		d.MaxSnippet == nil && d.MaxVideoPreview == nil && d.MaxImagePreview == "" &&
		d.UnavailableAfter.IsZero() && len(d.Other) == 0
}

// FormatRobotsTag writes sets as a Robots-Tag field value
// (draft-illyes-repext §3.1.1): one list member per set, "*" for Bot "",
// with the directives as parameters, as in "*;nosnippet, examplebot;noindex".
// Flags are bare keys, limits integers, max-image-preview a token and
// unavailable_after an RFC 3339 string in UTC, in whole seconds; an Other
// name the set's fields have written already is not written again (a
// parameter's last value would win). ParseRobotsTag reads the value back
// to the same sets when each Bot is lower-case and named by one set only
// (it lower-cases Bots and merges sets that share one), Other holds no
// directive this package knows (Other: ["noindex"] reads back as NoIndex),
// and the values are valid: limits of at least -1, MaxImagePreview "",
// none, standard or large, UnavailableAfter a whole second in UTC of the
// years 1 to 9999, as every date ParseRobotsTag reads is. Invalid values
// are written as given, where the field can hold them (a date past 9999 is
// written, and read back as no date).
//
// The error, prefixed "robots:", reports a Bot named "*" (which there means
// every bot), and, wrapping the httpsfv error, a Bot that is not a
// structured-field token, an Other name that is not a key (keys are
// lower-case, start with a letter or '*', and hold only letters, digits, '_',
// '-', '.' and '*'), a MaxImagePreview that is not a token ("a b"), or a
// limit beyond ±999,999,999,999,999, the structured-field integers; it names
// the set (counting from 0), the field and its value, as in: set 1 (Bot
// "examplebot"): Other "NOAI". A field longer than MaxRobotsTagBytes is
// written, but readers keep only its first whole members. With no sets it
// returns "": send no field.
func FormatRobotsTag(sets ...Directives) (string, error) {
	list := make(httpsfv.List, 0, len(sets))
	for _, d := range sets {
		bot := d.Bot
		switch bot {
		case "":
			bot = "*"
		case "*":
			// "*" is the global token here, so a set for a bot named "*"
			// (legacy "*: noindex", which addresses nobody) cannot be written.
			return "", errors.New(`robots: writing Robots-Tag: a Bot named "*" would address every bot`)
		}
		item := httpsfv.NewItem(httpsfv.Token(bot))
		p := item.Params
		for _, f := range flagNames {
			if d.flag(f.flag) {
				p.Add(f.name, true)
			}
		}
		if d.MaxSnippet != nil {
			p.Add("max-snippet", int64(*d.MaxSnippet))
		}
		if d.MaxImagePreview != "" {
			p.Add("max-image-preview", httpsfv.Token(d.MaxImagePreview))
		}
		if d.MaxVideoPreview != nil {
			p.Add("max-video-preview", int64(*d.MaxVideoPreview))
		}
		if !d.UnavailableAfter.IsZero() {
			p.Add("unavailable_after", d.UnavailableAfter.UTC().Format(time.RFC3339))
		}
		for _, name := range d.Other {
			// A parameter given twice takes its last value (RFC 9651
			// §3.1.2): an Other name that the fields wrote already must
			// not turn "max-snippet=20" into a bare key, no limit.
			if _, ok := p.Get(name); !ok {
				p.Add(name, true)
			}
		}
		list = append(list, item)
	}
	s, err := httpsfv.Marshal(list)
	if err != nil {
		// httpsfv names the character, not the value: find the set, and in
		// it the field.
		for i, item := range list {
			if _, err := httpsfv.Marshal(httpsfv.List{item}); err != nil {
				return "", fmt.Errorf("robots: writing Robots-Tag: %s: %w", unwritable(i, item.(httpsfv.Item), sets[i].Bot), err)
			}
		}
		return "", fmt.Errorf("robots: writing Robots-Tag: %w", err)
	}
	return s, nil
}

// unwritable names, for FormatRobotsTag's error, set i (item, the set for
// bot) and what in it httpsfv cannot write: its Bot, or else the field (or
// Other name) of the first parameter it refuses, with its value.
func unwritable(i int, item httpsfv.Item, bot string) string {
	if _, err := httpsfv.Marshal(httpsfv.NewItem(item.Value)); err != nil {
		return fmt.Sprintf("set %d: Bot %q", i, bot)
	}
	set := fmt.Sprintf("set %d (Bot %q)", i, bot)
	for _, name := range item.Params.Names() {
		v, _ := item.Params.Get(name)
		one := httpsfv.NewItem(httpsfv.Token("x"))
		one.Params.Add(name, v)
		if _, err := httpsfv.Marshal(one); err == nil {
			continue
		}
		switch name {
		case "max-snippet":
			return fmt.Sprintf("%s: MaxSnippet %v", set, v)
		case "max-video-preview":
			return fmt.Sprintf("%s: MaxVideoPreview %v", set, v)
		case "max-image-preview":
			return fmt.Sprintf("%s: MaxImagePreview %q", set, v)
		}
		return fmt.Sprintf("%s: Other %q", set, name)
	}
	return set
}

// A Link is one hyperlink of a page, as Links finds it.
type Link struct {
	URL      string   // absolute when a base is known; fragment dropped
	Rel      []string // the rel attribute's tokens, lower-cased; nil when none
	NoFollow bool     // rel holds nofollow, ugc or sponsored
}

// Links returns the <a href> and <area href> links of an HTML document, in
// document order, duplicates kept: each URL resolved against the page's
// base, without its fragment, and NoFollow set from rel; links a crawler
// cannot fetch are left out. It accepts any bytes, takes time linear in the
// body, and is safe for concurrent use. What follows says how hrefs are
// resolved, which links count, and how the document is read.
//
// Each href is resolved against the first <base href> of the document, itself
// resolved against base (the page's URL), and its fragment is dropped unread
// ("/p#50%" is "/p"). Dot segments are removed as a browser removes them,
// from every path that starts with '/' (with a nil base, a relative link's
// other than that stays as written): a dot may be written "%2e", and an empty
// segment stays ("%2e%2e/x" against "/a/b" is "/x", "..//x" against "/a" is
// "//x"). The path's escapes are kept as written, with what net/url would
// escape there escaped ("/é%2F|" is "/%C3%A9%2F%7C"). The octets of its query
// that a browser would percent-encode (space, controls, '"', an apostrophe,
// '<', '>' and every octet past ASCII: the URL Standard's special-query
// percent-encode set) are encoded, so that the URL can be sent as it is
// ("?q=a b" is "?q=a%20b"), as are controls and spaces in its userinfo and
// path, as a browser encodes them (net/url would refuse the controls and the
// spaces in userinfo, and would decode the path's other escapes: "/a b%2Fc"
// is "/a%20b%2Fc"). Nothing else is normalised (the URL is as net/url writes
// it: a host keeps its case and a default port, an IPv4 address its spelling
// ("http://127.1/" stays so, where a browser goes to 127.0.0.1), a non-ASCII
// host is percent-encoded ("http://b%C3%BCcher.example/", whose Origin is
// "http://xn--bcher-kva.example"), and userinfo keeps its place, which an
// http.Client sends as credentials: drop URL.User before fetching a link a
// page gave). A base made in code whose URL does not parse back (a host
// such as "[::1", or "[zz]") names no origin: the links relative to it are
// left out. As in a browser, a <base> in a template, or in SVG or MathML,
// does not count, and the first that counts leaves base in force when its URL
// does not parse, names no host ("///x/", an empty authority), is a data: or
// javascript: URL, or is an http (https, ftp, ws, wss) URL with no host name
// or a port past 65535; so does one that resolves to more than MaxLinkBytes.
// (Where SVG or MathML was left open and an end tag of the HTML around it may
// have closed it, a <base> after it is read as SVG's, which a browser may not
// do; a page's base is in its head, before any. The first is the first in
// the text: a <base> that a tree builder moves out of a table it was misplaced
// in, to before the table, may come first in a browser's tree, where a <base>
// in one of the table's cells is first here.) A nil base leaves links
// relative unless the document names an absolute base; a relative link whose
// path would be written starting with "//" gets "/." before it, so that it is
// not read back as a link to a host ("%2F%2Fx", whose escapes only decode to
// "//", stays as it is). Links does not change *base. Give it the page's
// absolute http or https URL: a relative one gives links relative to it ("x"
// against "/a/b" is "/a/x"), and one of another scheme (ftp:, say) makes
// every relative link a URL of that scheme, which is left out.
//
// As in a browser, a backslash before the query or fragment of an http or
// https href, or of a relative one, is a slash: `\\cdn.example\x` is
// "//cdn.example/x". And as in a browser, which RFC 3986 §5.2.2 allows a
// parser that is not strict, a href that starts with base's own scheme
// (http or https) not followed by "//" is relative: on an http page
// "http:/x" is /x on the page's host and "http:x" a path beside the page.
// Otherwise hrefs are read by RFC 3986, as net/url reads them: "http:x" on
// an https page and "https:///x", which a browser would still resolve (to
// the host x), are not links, and neither is a href whose path holds a '%'
// not followed by two hex digits ("/50%-off", which a browser sends as
// written) or whose first segment holds a colon and is no scheme (":a",
// "1a:b").
//
// NoFollow is set when rel, read as ASCII case-insensitive tokens separated
// by whitespace, holds nofollow, ugc or sponsored (so "nofollow,noopener" is
// one token, and not nofollow). Links that cannot be crawled are left out: a
// href that does not parse as a URL, or that resolves to a scheme other than
// http and https (javascript:, mailto:, data:, tel:, ...) or to an http URL
// with no host name (as "//" and "///x" do, which name an empty host), a
// port past 65535 or a host that RobotsURL refuses, and so IsAllowed ("a<b",
// octets that are not UTF-8, an IPv6 zone that is not ASCII), or whose
// resolved URL is longer than MaxLinkBytes; a <base href> naming such a
// host is ignored. Links
// inside comments and raw-text elements (<script>, <style>, <textarea>,
// <title>) are not links; inside SVG and MathML those elements hold markup
// and a self-closing tag is empty, as in a browser, and SVG's <a href> is a
// link (an <area> there is an element of SVG or MathML, not a link). A
// <noscript> holds text for a browser that runs scripts and markup for one
// that does not, as a crawler does not: its links count. Where a tree
// builder may read the document in more than one way, with scripting enabled
// or disabled, or a CDATA section in SVG or MathML as text or as a bogus
// comment where Links cannot tell which (or where browsers and the letter of
// the standard differ: in a <foreignObject>, say, or another integration
// point, browsers read one as a bogus comment), or an end tag in SVG or
// MathML as closing it or as ignored, which depends on HTML around it that
// Links does not follow ("<a><svg></a>" closes the SVG, "<svg></a>" does
// not), it reads the document each way and returns the links of any
// reading, each once, in document order: a link too many costs a crawler a
// fetch, a link missed a page it never finds. The <base href> is then the first
// one a browser that runs scripts finds (not one in a <noscript>), reading
// those sections as bogus comments and those end tags as ignored. It follows
// the tree builder's rules where SVG, MathML or a template is open closely, not
// wholly: where such content is misnested with formatting elements the adoption
// agency moves, or an end tag closes foreign content in one place and not in
// another, a reading can part from the tree builder's without knowing it and
// miss the links after it. That takes markup made to provoke it: none of the
// real pages in testdata/html does. The other way, Links returns a few links
// a browser has not: an <a href> in MathML (an element of MathML there, not a
// link), links before a <frameset> that replaces the body they were in and
// links in or after it (where a browser ignores all but frames), and the
// links in a <template>, whose contents a browser keeps out of the document
// until a script puts a copy in (a crawler that runs no scripts may still
// want them: they are the page's, and often soon on it).
//
// Links reads the document with a tokenizer, not with a tree builder: once
// for most documents (and what their <noscript>s hold twice), the whole of it
// at most eight times, and what follows one <noscript> at most a ninth time.
// So documents of any nesting depth work and the cost is linear in the body:
// each link's URL is at most MaxLinkBytes, so that a long base cannot make
// the result grow with the square of the body (it can still make the URLs
// total about MaxLinkBytes/10 times the body, "<a href=a>" being 10 octets:
// links with the same href share one URL, resolved once; 64 KiB of links with
// distinct hrefs of some 14 octets each (<a href="ab">) under a base of 7,900
// octets make 33 MB of URLs, for which Links allocates 36 MB and takes 15-50
// ms on the CI machine; a href not written plainly, as "./a" is not, goes
// through net/url, which allocates some seven times its URL: 213 MB and 0.4 s
// for 64 KiB of those). It reads body as text/html, not knowing its
// Content-Type (ask IsHTML first, as DirectivesFor does before it reads meta
// tags), as UTF-16 when it starts with a UTF-16 byte order mark and as octets
// otherwise: a page whose Content-Type says UTF-16 but that has no byte order
// mark (which DirectivesFor reads by the charset) gives no links unless the
// caller puts the mark before it ("\xff\xfe" for UTF-16LE, "\xfe\xff" for
// UTF-16BE). So a page in another encoding than UTF-8 gives the URLs its
// octets spell, not always those a browser, which decodes the page first,
// would fetch: a Latin-1 "/caf\xe9" is "/caf%E9" here and "/caf%C3%A9" in a
// browser, which encodes a path in UTF-8 (and a query in the page's encoding:
// "?q=caf\xe9" is "?q=caf%E9" in both); and in Shift_JIS, where 0x5C may be
// the second octet of a character, that octet reads as a backslash, so as a
// slash. In XHTML served as application/xhtml+xml, a self-closing <title/> or
// <script/> (an empty element in XML) hides the links after it, where
// DirectivesFor, which knows the type, reads them as empty. It accepts any
// bytes and is safe for concurrent use.
func Links(body []byte, base *url.URL) []Link {
	if base != nil && base.Host != "" && !plainHost(base.Host) {
		// A base made in code, not parsed, may hold a host that url.Parse
		// refuses ("[::1", "[zz]"), as would RobotsURL every URL resolved
		// against it: it names no origin, as an http URL without a host.
		if _, err := url.Parse(base.String()); err != nil {
			base = &url.URL{Scheme: base.Scheme}
		}
	}
	var found scannedLinks
	eachReading(asUTF8(body, ""), func(r *reading, from int) {
		if r.first() {
			found = scanLinks(r, from, -1)
		} else {
			found.links = unionByOffset(found.links, scanLinks(r, from, -1).links, func(l *foundLink) int { return l.at })
		}
	})
	links := found.links
	if found.haveBase {
		// A base naming no host ("///x/") leaves base in force, as an http
		// URL with no host does: read as a path, it would be another page.
		if u, ok := parseHref(found.base, base); ok {
			u = resolve(base, u)
			if len(u.RawQuery) <= MaxLinkBytes {
				u.RawQuery = escapeQuery(u.RawQuery) // as its links' will be
			}
			if len(u.String()) <= MaxLinkBytes && validBase(u) {
				base = u
			}
		}
	}
	if len(links) == 0 {
		return nil
	}
	out := make([]Link, 0, len(links))
	// A page repeats its links (menus, "#top", "/"), and resolving one
	// parses and writes a URL: each href is resolved once, and its links
	// share the URL. A href of a fragment alone leads where an empty one
	// does (the fragment is dropped before anything else is read).
	resolved := make(map[string]string) // href: URL, or "" where left out
	from := newLinkBase(base)
	for _, f := range links {
		l := f.Link
		href := l.URL
		if strings.HasPrefix(href, "#") {
			href = ""
		}
		u, seen := resolved[href]
		if !seen {
			u = from.resolve(href)
			resolved[href] = u
		}
		if u == "" {
			continue
		}
		l.URL = u
		out = append(out, l)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// A linkBase is the URL Links resolves a page's hrefs against, with what
// the commonest hrefs need of it found once. Most hrefs on real pages are
// an absolute http or https URL or a path, written plainly, and for those
// the URL net/url would parse, resolve and write again is a concatenation:
// resolving every href through net/url took 13 % of Links' time on the pages
// of testdata/html (a CPU profile of BenchmarkLinks), and far more against a
// base of thousands of segments. Any other href takes the way through
// net/url; TestResolvePlain and FuzzResolvePlain hold the two to the same
// URLs.
type linkBase struct {
	url *url.URL
	// origin is "http://host" or "https://host" (with a port, if any) when
	// url is an http or https URL, not opaque and without userinfo, of a
	// plainly written host that a crawler can reach (see hasOrigin); ""
	// otherwise, when only absolute hrefs have a plain resolution.
	origin string
	// dir is url's escaped path up to and with its last '/', or "/" for an
	// empty path (RFC 3986 §5.2.3), when origin is set and the path starts
	// with '/', is plain and has no dot segment; "" otherwise.
	dir string
}

func newLinkBase(base *url.URL) linkBase {
	b := linkBase{url: base}
	if base == nil || base.Scheme != "http" && base.Scheme != "https" || base.Opaque != "" || base.User != nil {
		return b
	}
	if !plainHost(base.Hostname()) || !hasOrigin(base) {
		return b
	}
	b.origin = base.Scheme + "://" + base.Host
	// An escaped path holds no '?', which plainHref would take.
	switch p := base.EscapedPath(); {
	case p == "":
		b.dir = "/"
	case p[0] == '/' && plainHref(p) && !hasDotSegment(p):
		b.dir = p[:strings.LastIndexByte(p, '/')+1]
	}
	return b
}

// resolve returns the URL href leads to from b, as Links returns it, or ""
// for a link Links leaves out.
func (b *linkBase) resolve(href string) string {
	if u, ok := b.resolvePlain(href); ok {
		return u
	}
	return resolveHref(b.url, href)
}

// resolvePlain returns what resolveHref would for href, and true, when href
// is written plainly enough that the URL is href itself or a concatenation
// (cut at its fragment, if any): an http or https URL of a plain host, or,
// against a base with an origin, a path from the root or (against a base
// with a plain path) a relative one; of the octets plainHref takes, with no
// dot segment in the path; and the URL no longer than MaxLinkBytes.
// Otherwise it returns false.
func (b *linkBase) resolvePlain(href string) (string, bool) {
	s, _, _ := strings.Cut(href, "#")
	if s == "" || !plainHref(s) {
		return "", false
	}
	path, _, _ := strings.Cut(s, "?")
	var u string
	switch {
	case strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://"):
		_, rest, _ := strings.Cut(path, "//")
		host, _, _ := strings.Cut(rest, "/")
		if !plainHost(host) || hasDotSegment(rest[len(host):]) {
			return "", false
		}
		u = s
	case b.origin == "" || strings.HasPrefix(s, "//") || s[0] == '?':
		return "", false
	case s[0] == '/':
		if hasDotSegment(path) {
			return "", false
		}
		u = b.origin + s
	default:
		// A colon in the first segment would make it a scheme, or no
		// reference at all.
		first, _, _ := strings.Cut(path, "/")
		if b.dir == "" || strings.Contains(first, ":") || hasDotSegments(path) {
			return "", false
		}
		u = b.origin + b.dir + s
	}
	return u, len(u) <= MaxLinkBytes
}

// plainHref reports whether s is made only of octets that neither net/url
// (cleanHref and escapeQuery included) nor the URL Standard rewrite in an
// http URL's path or query: ASCII letters and digits, "-._~",
// "!$&()*+,;=:@/?" and escapes ('%' and two hex digits). (A host is
// another matter: see plainHost.)
func plainHref(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case plainOctets[c]:
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			i += 2
		default:
			return false
		}
	}
	return true
}

// plainOctets are the octets plainHref takes as they are.
var plainOctets = func() (t [256]bool) {
	for c := range t {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
			strings.IndexByte("-._~!$&()*+,;=:@/?", byte(c)) >= 0
	}
	return t
}()

// plainHost reports whether name is a host name of ASCII letters, digits,
// '-' and '.', not empty, which net/url, and so resolveHref, keeps as
// written (the URL Standard would lower-case it, and read "0x7f.1" as an
// IPv4 address, as a browser does when it fetches the URL).
func plainHost(name string) bool {
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', isDigit(c), c == '-', c == '.':
		default:
			return false
		}
	}
	return name != ""
}

// resolveHref returns the URL a link's href leads to from base, as Links
// returns it, or "" for a link Links leaves out.
func resolveHref(base *url.URL, href string) string {
	if tooLongToResolve(href) {
		return ""
	}
	return resolveThroughURL(base, href)
}

// resolveThroughURL is resolveHref's work: href parsed and resolved by
// net/url, and written if it is no longer than MaxLinkBytes.
func resolveThroughURL(base *url.URL, href string) string {
	ref, ok := parseHref(href, base)
	if !ok {
		return ""
	}
	ref = resolve(base, ref)
	keepPath(ref)
	if !crawlable(ref) || len(ref.Scheme)+len(ref.Host)+len(ref.Path)+len(ref.RawQuery) > MaxLinkBytes {
		return "" // the URL would be too long: checked before it is written
	}
	ref.RawQuery = escapeQuery(ref.RawQuery)
	if u := ref.String(); len(u) <= MaxLinkBytes {
		return u
	}
	return ""
}

// tooLongToResolve reports whether href, read up to its fragment, holds
// more octets that every URL it resolves to keeps than MaxLinkBytes allows,
// so that it need not be parsed and resolved to be left out: net/url's
// work on a long href past ASCII costs some sixty times its size (a
// black-box audit of costs measured 31 MB for 512 KB of "é"). Every octet
// above ' ' is kept, or escaped to more, unless dot segments take it out
// (a '.', or "%2e"), or it is the scheme that withoutBaseScheme drops; an
// escape counts as one, as net/url may write it decoded (in a host or
// userinfo, "%41" is "A"), and an octet past ASCII as the escape it is
// written as.
func tooLongToResolve(href string) bool {
	if 3*len(href) <= MaxLinkBytes {
		return false
	}
	if i := strings.IndexByte(href, '#'); i >= 0 {
		href = href[:i]
	}
	if strings.IndexByte(href, '.') >= 0 || strings.Contains(href, "%2e") || strings.Contains(href, "%2E") {
		return false
	}
	kept := 0
	for i := 0; i < len(href); i++ {
		switch c := href[i]; {
		case c == '%':
			kept++
			i += 2
		case c >= utf8.RuneSelf:
			kept += len("%C3")
		case c > ' ':
			kept++
		}
	}
	return kept > MaxLinkBytes+len("https:")
}

// validBase reports whether a browser would take u as a base URL, as far
// as net/url tells: a URL of a scheme whose URLs have a host (http, https,
// ftp, ws, wss) needs an origin; a data: or javascript: URL is refused (HTML
// §4.2.3, "set the frozen base URL", as browsers do since 2024); one of
// another scheme is taken as it is (against mailto:x no relative link
// resolves, so none is kept); a reference left relative, for want of the
// page's URL, as crawlable says. Otherwise the page's URL stays in force.
func validBase(u *url.URL) bool {
	switch u.Scheme {
	case "", "http", "https":
		return crawlable(u)
	case "ftp", "ws", "wss":
		return u.Opaque == "" && hasOrigin(u)
	case "data", "javascript":
		return false
	}
	return true
}

// keepPath makes a URL with neither scheme nor host whose path is written
// starting with "//" write that path as a path. Resolved against a base
// without a host, ".//x" has the path "//x", which net/url writes as "//x",
// read back as a link to the host x (RFC 3986 §4.2); "/.//x" is read back as
// the same path, as the URL Standard's serializer writes it. A path that
// only decodes to "//" ("%2F%2Fx") is written as it is, relative.
func keepPath(u *url.URL) {
	if u.Scheme == "" && u.Host == "" && u.User == nil && strings.HasPrefix(u.EscapedPath(), "//") {
		u.Path = "/." + u.Path
		if u.RawPath != "" {
			u.RawPath = "/." + u.RawPath
		}
	}
}

// scannedLinks is what one reading of a document holds for Links.
type scannedLinks struct {
	links    []foundLink // unresolved, in document order
	base     string      // the first <base href>
	haveBase bool
	stopped  bool // the reading stopped where it was asked to, in the state wanted there
}

// foundLink is a link as a reading finds it, at the offset of its tag.
type foundLink struct {
	Link
	at int
}

// scanLinks reads r for the links that start at offset from or after it:
// all of them in the first reading, those past where it parts from the
// first in another. It reads to the end, or, where stop is not negative, to
// the token at offset stop, and then says in stopped whether r is back
// where a first reading is there (see noscriptLinks). Only the first
// reading's <base href> is read: the others do not part from it before
// their from, and past it the first's is kept, so that reading a body again
// never changes a link the first reading found.
func scanLinks(r *reading, from, stop int) scannedLinks {
	var s scannedLinks
	z := r.z
	// HTML templates open, counted here and not by foreignContent, which
	// stops following HTML elements past maxFollowedHTML.
	templates := 0
	noscriptAt, content := -1, -1 // the first reading: a <noscript> whose end is to come, and where its content starts
	noscripts := 0                // the first reading: <noscript>s read alone so far
	for {
		tt := r.next()
		if stop >= 0 && (r.at >= stop || tt == html.ErrorToken) {
			s.stopped = r.at == stop && tt == html.EndTagToken && lowerTagName(z).is("noscript") &&
				len(r.foreign.open) == 0 && templates == 0
			return s
		}
		if noscriptAt >= 0 && tt != html.TextToken {
			// The first reading's text of the <noscript> ends here, at its
			// end tag or at the end of the body.
			links, ok := noscriptLinks(r.body, content, r.at, r.foreign.guess)
			if ok && tt == html.EndTagToken {
				s.links = append(s.links, links...)
			} else if r.scriptFork < 0 {
				r.scriptFork = noscriptAt // read the body again without scripts
			}
			noscriptAt = -1
		}
		if tt == html.ErrorToken {
			return s
		}
		if tt == html.EndTagToken {
			if len(r.foreign.open) == 0 && templates == 0 {
				continue // its name is not needed
			}
			name := lowerTagName(z)
			where := endOutside
			if len(r.foreign.open) > 0 {
				where = r.endTag(name)
			}
			// An SVG or MathML <template> is not HTML's.
			if templates > 0 && where != endForeign && name.is("template") {
				templates--
			}
			continue
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		name := lowerTagName(z)
		isHTML := r.foreign.start(z, name, tt == html.SelfClosingTagToken)
		switch string(name.octets()) {
		case "template":
			if isHTML {
				templates++ // "<template/>" too: HTML ignores the '/'
			}
		case "noscript": // "<noscript/>" too
			switch {
			case !isHTML || !r.foreign.inserts():
			case r.first() && r.scriptFork < 0 && len(r.foreign.open) == 0 && templates == 0 && noscripts < maxNoscriptsRead:
				noscriptAt, content = r.at, r.end // read without scripts once its end is known
				noscripts++
			default:
				r.noscript()
			}
		case "a", "area": // SVG's <a> is a link too; SVG and MathML have no <area>
			if r.at < from || isHTML && !r.foreign.inserts() || !isHTML && name.is("area") {
				continue
			}
			var href, rel []byte
			found := false
			for more := true; more; {
				var key, val []byte
				key, val, more = z.TagAttr()
				switch string(key) {
				case "href":
					href, found = val, true
				case "rel":
					rel = val
				}
			}
			if !found {
				continue
			}
			// The URL is resolved once the whole document has given its
			// <base href>, which counts wherever it stands (HTML §4.2.3).
			l := foundLink{Link{URL: string(href)}, r.at}
			l.Rel, l.NoFollow = relTokens(rel)
			s.links = append(s.links, l)
		case "base":
			// The document's base is its first HTML <base href> (HTML
			// §4.2.3), not one in a template, whose content is no part of
			// the document. One that foreignContent takes for SVG's or
			// MathML's does not count, even where it is unsure: an end tag
			// of the HTML around, which it does not follow, closes the
			// foreign content in a tree builder only if that element is
			// open ("<div><svg></div><base>": HTML's; "<svg></div><base>":
			// SVG's).
			if s.haveBase || !r.first() || !isHTML || templates > 0 {
				continue
			}
			for more := true; more; {
				var key, val []byte
				key, val, more = z.TagAttr()
				if string(key) == "href" {
					s.base, s.haveBase = string(val), true
					break
				}
			}
		}
	}
}

// maxNoscriptsRead is how many <noscript>s Links reads alone (see
// noscriptLinks) before it reads the whole document again instead: each
// such reading costs a tokenizer, and its buffer of 4 KiB.
const maxNoscriptsRead = 16

// noscriptLinks reads the content of a <noscript>, from offset p in body,
// where its start tag ends, to q, where the first reading, which takes it
// as text, finds its end tag, as a reading with scripting disabled does,
// and returns the links it finds there. So most documents that hold a
// <noscript> are read once, and only what their <noscript>s hold twice.
//
// ok reports whether that reading is then back where the first is: at the
// same end tag, with the tokenizer in the same state, no foreign content or
// template open (where the first reading has none open either, as in a
// document's body, outside templates), foreignContent's guess as it was
// (the first reading's, given as guess), and no CDATA section met whose
// reading was unsure, which a reading taking it as text could read
// otherwise. Otherwise ("<noscript><textarea>", "<noscript><svg>") the
// readings have parted, and only a reading of the whole document without
// scripts tells what it holds. Once the first reading has parted from such
// a reading, or past maxNoscriptsRead, it reads no more <noscript>s so, and
// the cost stays linear in the body: one whose reading does not end at its
// end tag may read on to the end of the body, but only one.
func noscriptLinks(body []byte, p, q int, guess bool) (links []foundLink, ok bool) {
	r := readingFrom(body, p, noScripts)
	r.foreign.guess = guess
	s := scanLinks(&r, p, q)
	return s.links, s.stopped && r.foreign.guess == guess && r.cdataFork < 0
}

// unionByOffset merges what two readings of a document found, each in
// document order, into document order by the offset at gives. A tag both
// found, at one offset, is taken once, as a has it.
func unionByOffset[T any](a, b []T, at func(*T) int) []T {
	out := make([]T, 0, len(a)+len(b))
	for len(a) > 0 || len(b) > 0 {
		switch {
		case len(b) == 0 || len(a) > 0 && at(&a[0]) < at(&b[0]):
			out, a = append(out, a[0]), a[1:]
		case len(a) == 0 || at(&b[0]) < at(&a[0]):
			out, b = append(out, b[0]), b[1:]
		default: // the same tag
			out, a, b = append(out, a[0]), a[1:], b[1:]
		}
	}
	return out
}

// crawlable reports whether a crawler can fetch u: an http or https URL
// with an origin, or a relative reference that a later base may resolve (a
// network-path one, "//host/...", with an origin).
func crawlable(u *url.URL) bool {
	switch u.Scheme {
	case "":
		return u.Opaque == "" && (u.Host == "" && u.User == nil || hasOrigin(u))
	case "http", "https":
		return u.Opaque == "" && hasOrigin(u)
	}
	return false
}

// hasOrigin reports whether u's authority names an origin, as RobotsURL
// requires: a host name, and a port, if any, below 65536. url.Parse accepts
// "http://:80/", "http://h:99999/" and, in a reference, "//::0" (host ":",
// port 0, which it writes back as "http://::0" and then refuses), all of
// which the URL Standard refuses and no connection can reach. So are hosts
// RobotsURL refuses otherwise, which IsAllowed and Origin refuse too: one
// holding '"', '<' or ']' ("http://a<b/"), one whose octets are not UTF-8
// ("caf%E9"), a label too long for DNS once punycoded, an IPv6 zone that is
// not ASCII. A link to one would be a URL no crawler can ask about.
func hasOrigin(u *url.URL) bool {
	if h := u.Hostname(); h == "" || strings.Contains(h, ":") && !strings.HasPrefix(u.Host, "[") {
		return false
	}
	if p := u.Port(); p != "" {
		if _, err := strconv.ParseUint(p, 10, 16); err != nil {
			return false
		}
	}
	if plainHost(u.Hostname()) {
		return true // what the checks below would find, without their allocations
	}
	if !validHost(u) { // robotsURL's checks of a host, in its order
		return false
	}
	_, err := asciiHost(u.Hostname())
	return err == nil
}

// relTokens splits a rel attribute into lower-cased tokens and reports
// whether one of them asks not to follow the link. Google documents ugc and
// sponsored as nofollow with a reason.
func relTokens(rel []byte) ([]string, bool) {
	n := 0
	for i := range rel {
		if !isHTMLSpace(rune(rel[i])) && (i == 0 || isHTMLSpace(rune(rel[i-1]))) {
			n++
		}
	}
	if n == 0 {
		return nil, false
	}
	s := lowerString(string(rel)) // rel is ASCII case-insensitive
	tokens := make([]string, 0, n)
	nofollow := false
	for i := 0; i < len(s); {
		for i < len(s) && isHTMLSpace(rune(s[i])) {
			i++
		}
		start := i
		for i < len(s) && !isHTMLSpace(rune(s[i])) {
			i++
		}
		if i == start {
			break
		}
		t := s[start:i]
		tokens = append(tokens, t)
		switch t {
		case "nofollow", "ugc", "sponsored":
			nofollow = true
		}
	}
	return tokens, nofollow
}

// trimBOM drops a whole UTF-8 byte order mark, as the HTML encoding sniffing
// algorithm does; unlike robots.txt (skipBOM), a part of one is text.
func trimBOM(b []byte) []byte {
	return bytes.TrimPrefix(b, []byte("\xEF\xBB\xBF"))
}

// asUTF8 returns an HTML body as UTF-8, which the tokenizer reads, given its
// Content-Type ("" for none). UTF-16 is the one encoding a page may be in
// whose ASCII is not ASCII octets, so that not one tag of it would be found
// read as octets; every other is left as it is, since only the markup and
// ASCII names and values matter here. The encoding is UTF-16 when the body
// starts with a UTF-16 byte order mark, whatever the charset says, or when
// the charset is a label of UTF-16 and the body starts with no UTF-8 byte
// order mark (the WHATWG Encoding Standard's labels; the HTML encoding
// sniffing algorithm puts the mark first, then the charset). It is then
// decoded whole, its mark dropped, unpaired surrogates and an odd last octet
// read as U+FFFD.
func asUTF8(body []byte, contentType string) []byte {
	if units, bigEndian, ok := utf16Body(body, contentType); ok {
		return decodeUTF16(units, bigEndian)
	}
	return body
}

// utf16Body reports whether body is in UTF-16, as asUTF8 decides, and if
// so returns its code units, the mark dropped, and their byte order.
func utf16Body(body []byte, contentType string) (units []byte, bigEndian, ok bool) {
	switch {
	case bytes.HasPrefix(body, []byte("\xFF\xFE")):
		return body[2:], false, true
	case bytes.HasPrefix(body, []byte("\xFE\xFF")):
		return body[2:], true, true
	case bytes.HasPrefix(body, []byte("\xEF\xBB\xBF")):
		return nil, false, false
	}
	if ok, bigEndian = utf16Label(charsetOf(contentType)); !ok {
		return nil, false, false
	}
	return body, bigEndian, true
}

// decodeUTF16 returns UTF-16 code units as UTF-8, unpaired surrogates and
// an odd last octet read as U+FFFD.
func decodeUTF16(body []byte, bigEndian bool) []byte {
	out := make([]byte, 0, len(body)+len(body)/2)
	unit := func(i int) uint16 {
		if bigEndian {
			return uint16(body[i])<<8 | uint16(body[i+1])
		}
		return uint16(body[i]) | uint16(body[i+1])<<8
	}
	for i := 0; i < len(body); i += 2 {
		if i+1 == len(body) {
			out = utf8.AppendRune(out, utf8.RuneError)
			break
		}
		r := rune(unit(i))
		if utf16.IsSurrogate(r) && i+3 < len(body) {
			if pair := utf16.DecodeRune(r, rune(unit(i+2))); pair != utf8.RuneError {
				r = pair
				i += 2
			}
		}
		if utf16.IsSurrogate(r) {
			r = utf8.RuneError
		}
		out = utf8.AppendRune(out, r)
	}
	return out
}

// utf16Label reports whether charset, in any ASCII case, is one of the
// WHATWG Encoding Standard's labels of UTF-16LE or UTF-16BE, and which.
func utf16Label(charset string) (ok, bigEndian bool) {
	for _, label := range [...]string{"utf-16", "utf-16le", "unicode", "unicodefeff", "ucs-2", "iso-10646-ucs-2", "csunicode"} {
		if equalLower(charset, label) {
			return true, false
		}
	}
	return equalLower(charset, "utf-16be") || equalLower(charset, "unicodefffe"), true
}

// charsetOf returns the charset parameter of a Content-Type as a browser
// reads it (WHATWG MIME Sniffing §4.4, "parse a MIME type"), or "": the
// first charset parameter whose value is valid, unquoted and unescaped,
// its ASCII whitespace trimmed as an encoding label's is. A quoted value
// ends at its closing quote, or at the end when there is none, and may hold
// ';'; a name followed by a space ("charset =utf-16") is no parameter, and
// an empty unquoted value leaves the next charset to decide.
func charsetOf(contentType string) string {
	_, s, _ := strings.Cut(contentType, ";")
	for s != "" {
		s = strings.TrimLeft(s, httpSpace)
		end := strings.IndexAny(s, ";=")
		if end < 0 {
			break // a name with no value at the end
		}
		name, sep := s[:end], s[end]
		s = s[end+1:]
		if sep == ';' {
			continue
		}
		var value string
		if s != "" && s[0] == '"' {
			value, s = quotedString(s)
			_, s, _ = strings.Cut(s, ";")
		} else {
			value, s, _ = strings.Cut(s, ";")
			if value = strings.TrimRight(value, httpSpace); value == "" {
				continue
			}
		}
		if equalLower(name, "charset") && quotedStringOctets(value) {
			return strings.TrimFunc(value, isHTMLSpace)
		}
	}
	return ""
}

// httpSpace is HTTP whitespace as Fetch defines it.
const httpSpace = "\t\n\r "

// quotedString reads the quoted string at the start of s, which starts with
// '"', as Fetch's "collect an HTTP quoted string" extracts its value: a '\'
// escapes the octet after it, and a string with no closing quote runs to
// the end. It returns the value and what follows the closing quote.
func quotedString(s string) (value, rest string) {
	var b strings.Builder
	i := 1
	for i < len(s) {
		c := s[i]
		i++
		switch {
		case c == '"':
			return b.String(), s[i:]
		case c == '\\' && i < len(s):
			b.WriteByte(s[i])
			i++
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), ""
}

// quotedStringOctets reports whether every octet of s may stand in an HTTP
// quoted string, as a MIME type parameter's value must: tab, visible ASCII,
// space, and octets from 0x80, each one code point to a browser.
func quotedStringOctets(s string) bool {
	for i := range len(s) {
		if c := s[i]; c < ' ' && c != '\t' || c == 0x7F {
			return false
		}
	}
	return true
}

// isHTMLSpace reports whether r is ASCII whitespace as HTML defines it: tab,
// line feed, form feed, carriage return and space.
func isHTMLSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r'
}

// directiveSet is the working form of a Directives: values instead of pointers,
// so that parsing and merging allocate nothing until a Directives is handed
// out.
type directiveSet struct {
	bot     string
	flags   directiveFlag
	snippet int          // max-snippet when flags has hasMaxSnippet
	video   int          // max-video-preview when flags has hasMaxVideo
	image   imagePreview // max-image-preview; imageUnset when not given
	until   time.Time    // unavailable_after in UTC; zero when not given
	other   []string
	seen    map[string]struct{} // other's names, once other is too long to scan
}

type directiveFlag uint16

const (
	noIndex directiveFlag = 1 << iota
	noFollow
	noArchive
	noSnippet
	noImageIndex
	noTranslate
	hasMaxSnippet
	hasMaxVideo
)

// flagNames are the restrictions with no value, in the order writers use.
var flagNames = [...]struct {
	name string
	flag directiveFlag
}{
	{"noindex", noIndex},
	{"nofollow", noFollow},
	{"noarchive", noArchive},
	{"nosnippet", noSnippet},
	{"noimageindex", noImageIndex},
	{"notranslate", noTranslate},
}

// imagePreview orders max-image-preview from most to least restrictive.
type imagePreview uint8

const (
	imageUnset imagePreview = iota
	imageNone
	imageStandard
	imageLarge
)

var imagePreviewNames = [...]string{imageNone: "none", imageStandard: "standard", imageLarge: "large"}

// linearScanMax is how many names a slice is scanned for before a map takes
// over, so that a value with very many distinct names stays linear.
const linearScanMax = 16

// union adds o's restrictions to r, keeping the more restrictive value of
// each directive.
func (r *directiveSet) union(o *directiveSet) {
	r.flags |= o.flags &^ (hasMaxSnippet | hasMaxVideo)
	if o.flags&hasMaxSnippet != 0 {
		r.setLimit(vMaxSnippet, o.snippet)
	}
	if o.flags&hasMaxVideo != 0 {
		r.setLimit(vMaxVideoPreview, o.video)
	}
	if o.image != imageUnset {
		r.setImage(o.image)
	}
	if !o.until.IsZero() {
		r.setUntil(o.until)
	}
	for _, name := range o.other {
		r.addOther(name)
	}
}

// setLimit merges n into the limit v (vMaxSnippet or vMaxVideoPreview): the
// smaller limit wins, and -1 (no limit) loses to any limit.
func (r *directiveSet) setLimit(v valued, n int) {
	has, limit := hasMaxSnippet, &r.snippet
	if v == vMaxVideoPreview {
		has, limit = hasMaxVideo, &r.video
	}
	if r.flags&has == 0 || *limit == -1 || (n != -1 && n < *limit) {
		*limit = n
	}
	r.flags |= has
}

func (r *directiveSet) setImage(p imagePreview) {
	if r.image == imageUnset || p < r.image {
		r.image = p
	}
}

func (r *directiveSet) setUntil(t time.Time) {
	if r.until.IsZero() || t.Before(r.until) {
		r.until = t
	}
}

func (r *directiveSet) addOther(name string) {
	if r.seen != nil {
		if _, ok := r.seen[name]; ok {
			return
		}
		r.seen[name] = struct{}{}
		r.other = append(r.other, name)
		return
	}
	if slices.Contains(r.other, name) {
		return
	}
	r.other = append(r.other, name)
	if len(r.other) > linearScanMax {
		r.seen = make(map[string]struct{}, 2*len(r.other))
		for _, o := range r.other {
			r.seen[o] = struct{}{}
		}
	}
}

// directives returns r as a Directives, with fresh memory for its pointers.
func (r *directiveSet) directives() Directives {
	return r.export(make([]int, r.limits()))
}

// export returns r as a Directives, taking the limits' storage from ints,
// which must hold one int per limit r has.
func (r *directiveSet) export(ints []int) Directives {
	d := Directives{
		Bot:              r.bot,
		NoIndex:          r.flags&noIndex != 0,
		NoFollow:         r.flags&noFollow != 0,
		NoArchive:        r.flags&noArchive != 0,
		NoSnippet:        r.flags&noSnippet != 0,
		NoImageIndex:     r.flags&noImageIndex != 0,
		NoTranslate:      r.flags&noTranslate != 0,
		MaxImagePreview:  imagePreviewNames[r.image],
		UnavailableAfter: r.until,
	}
	if len(r.other) > 0 {
		d.Other = r.other[:len(r.other):len(r.other)]
	}
	if r.flags&hasMaxSnippet != 0 {
		ints[0] = r.snippet
		d.MaxSnippet, ints = &ints[0], ints[1:]
	}
	if r.flags&hasMaxVideo != 0 {
		ints[0] = r.video
		d.MaxVideoPreview = &ints[0]
	}
	return d
}

func (r *directiveSet) limits() int {
	n := 0
	if r.flags&hasMaxSnippet != 0 {
		n++
	}
	if r.flags&hasMaxVideo != 0 {
		n++
	}
	return n
}

// flag reports whether d has the restriction f.
func (d *Directives) flag(f directiveFlag) bool {
	switch f {
	case noIndex:
		return d.NoIndex
	case noFollow:
		return d.NoFollow
	case noArchive:
		return d.NoArchive
	case noSnippet:
		return d.NoSnippet
	case noImageIndex:
		return d.NoImageIndex
	case noTranslate:
		return d.NoTranslate
	}
	return false
}

// A collector gathers the sets that one value opens, one per bot, in order
// of first appearance. The first few live inside the collector, so that
// parsing a typical value allocates nothing but its result.
type collector struct {
	inline [2]directiveSet
	more   []directiveSet
	n      int
	index  map[string]int // bot -> position, once there are too many to scan

	// With forOnly set, only the unscoped set and the set of bot only are
	// kept; the items of other scopes go to discard: collect wants one
	// agent's sets, and a value may name a million bots.
	forOnly bool
	only    string       // lower case
	discard directiveSet // valued directives land here, unread (flags are not even set)
}

// forAgent returns a collector that keeps only the sets DirectivesFor can
// use for token.
func forAgent(token string) collector {
	return collector{forOnly: true, only: token}
}

func (c *collector) at(i int) *directiveSet {
	if i < len(c.inline) {
		return &c.inline[i]
	}
	return &c.more[i-len(c.inline)]
}

// scope returns the position of the set for bot, opening it when it is new.
// It returns a position, not a pointer, so that a caller keeping it does not
// move the collector to the heap.
func (c *collector) scope(bot string) int {
	if c.index != nil {
		if i, ok := c.index[bot]; ok {
			return i
		}
	} else {
		for i := range c.n {
			if c.at(i).bot == bot {
				return i
			}
		}
	}
	if c.n < len(c.inline) {
		c.inline[c.n].bot = bot
	} else {
		c.more = append(c.more, directiveSet{bot: bot})
	}
	c.n++
	if c.index != nil {
		c.index[bot] = c.n - 1
	} else if c.n > linearScanMax {
		c.index = make(map[string]int, 2*c.n)
		for i := range c.n {
			c.index[c.at(i).bot] = i
		}
	}
	return c.n - 1
}

// export returns the collected sets as Directives, in one allocation for a
// single set and two for several (plus each set's Other names).
func (c *collector) export() []Directives {
	if c.n == 0 {
		return nil
	}
	nints := 0
	for i := range c.n {
		nints += c.at(i).limits()
	}
	var out []Directives
	var ints []int
	if c.n == 1 {
		block := new(struct {
			d    [1]Directives
			ints [2]int
		})
		out, ints = block.d[:], block.ints[:]
	} else {
		out = make([]Directives, c.n)
		if nints > 0 {
			ints = make([]int, nints)
		}
	}
	for i := range c.n {
		r := c.at(i)
		k := r.limits()
		out[i] = r.export(ints[:k:k])
		ints = ints[k:]
	}
	return out
}

// legacyParser reads the legacy grammar of X-Robots-Tag lines and meta
// content, as Google documents it for both.
type legacyParser struct {
	c   *collector
	set int // position of the set directives go to; -1 until one lands unscoped; discarded for c.discard
}

// discarded is legacyParser.set for a scope the collector does not keep.
const discarded = -2

func parseLegacy(value string, c *collector) {
	p := legacyParser{c: c, set: -1}
	for start := 0; start <= len(value); {
		end := start + indexSeparator(value[start:])
		// A comma after a weekday ("Wed, 25 Jun 2025 15:00:00 GMT") or
		// before a digit (ISO 8601's decimal comma, "15:00:00,5+02:00") may
		// be part of an unavailable_after date rather than the end of the
		// item: the two halves are read as one when they make a date.
		// Otherwise the date is read up to the comma, and what follows is
		// read as items, from the comma on, when it may be one: when it
		// starts with neither a digit nor, after a weekday, a month
		// ("unavailable_after: Wed, noindex" applies noindex), or names
		// something ("360spider: noindex"). Else it is the rest of a broken
		// date ("June 25, 2010", "25 Jun 2010, 3:00 PM EST", "Wednesday,
		// June 25, 2025"), dropped with the digit-led items after it.
		if end < len(value) && value[end] == ',' {
			date, ok := dateSoFar(value[start:end])
			next := end + 1 + indexSeparator(value[end+1:])
			rest := trimASCIISpace(value[end+1 : next])
			word, digitLed := isWord(date), rest != "" && isDigit(rest[0]) // a weekday, or a digit after the comma
			if ok && (word || digitLed) {
				if !p.item(value[start:next]) {
					if !word {
						p.item(value[start:end]) // a whole date before the comma is kept
					}
					if !(digitLed || word && monthLed(rest)) || namesSomething(rest) {
						start = end + 1
						continue
					}
					next = pastDigitLed(value, next)
				}
				start = next + 1
				continue
			}
		}
		p.item(value[start:end])
		start = end + 1
	}
}

// pastDigitLed returns the index of the separator that ends the run of
// ','-separated items starting at value[next] that are more of a broken date
// ("Wednesday, June 25, 2025"): each starts with a digit and names nothing.
// It is next when there is none. Not used after a whole date: String writes
// one with a weekday, and an unknown name such as "0" after it must read
// back.
func pastDigitLed(value string, next int) int {
	for next < len(value) && value[next] == ',' {
		after := next + 1 + indexSeparator(value[next+1:])
		more := trimASCIISpace(value[next+1 : after])
		if more == "" || !isDigit(more[0]) || namesSomething(more) {
			break
		}
		next = after
	}
	return next
}

// monthLed reports whether s starts with a month's name, in full or in
// three letters, followed by a space or a digit: "June 25" or "Jun 2025",
// the rest of a date written after a weekday's comma.
func monthLed(s string) bool {
	i := 0
	for i < len(s) && isAlpha(s[i]) {
		i++
	}
	if i == len(s) || s[i] != ' ' && !isDigit(s[i]) {
		return false
	}
	_, ok := monthByName(s[:i])
	return ok
}

// indexSeparator returns the index of the first ',' or ';' in s, or len(s).
func indexSeparator(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == ',' || s[i] == ';' {
			return i
		}
	}
	return len(s)
}

// dateSoFar returns the value of item, trimmed, and true when item is,
// after any scopes, an unavailable_after with a value, which a comma may
// not end.
func dateSoFar(item string) (string, bool) {
	for {
		name, rest, ok := strings.Cut(item, ":")
		if !ok {
			return "", false
		}
		name = trimASCIISpace(name)
		if name == "" {
			return "", false // as item reads it: a scope that names no bot ends the item
		}
		switch valuedDirective(name) {
		case vUnavailableAfter:
			w := trimASCIISpace(rest)
			return w, w != ""
		case vNone:
			item = rest
		default:
			return "", false
		}
	}
}

// namesSomething reports whether item, which starts with a digit, may
// still be directives or scopes rather than the rest of a date: one of its
// names (between ':'s) is one word of letters, digits, '-', '_' and '.'
// with three letters or more, as "360spider" and "robots" are and the
// pieces of a time ("2010 3", "00 PM EST", "00Z") are not.
func namesSomething(item string) bool {
	for name := range strings.SplitSeq(item, ":") {
		if name = trimASCIISpace(name); !isToken(name) {
			continue
		}
		letters := 0
		for i := 0; i < len(name); i++ {
			if isAlpha(name[i]) {
				letters++
			}
		}
		if letters >= 3 {
			return true
		}
	}
	return false
}

// isWord reports whether s is all letters, as a weekday is.
func isWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isAlpha(s[i]) {
			return false
		}
	}
	return true
}

// item reads one item. It reports false when the item is a valued
// directive whose value does not parse, and true otherwise.
func (p *legacyParser) item(s string) bool {
	for {
		s = trimASCIISpace(s)
		if s == "" {
			return true
		}
		colon := strings.IndexByte(s, ':')
		if colon < 0 {
			p.flag(s)
			return true
		}
		name, rest := trimASCIISpace(s[:colon]), s[colon+1:]
		if v := valuedDirective(name); v != vNone {
			return p.target().setValue(v, trimASCIISpace(rest))
		}
		switch {
		case name == "":
			return true // ": noindex" names no bot; nothing says whom it addresses
		case equalLower(name, "robots"):
			p.set = p.c.scope("") // a set appears with its scope, as a bot's does
		case p.c.forOnly && !equalLower(name, p.c.only):
			p.set = discarded
		default:
			p.set = p.c.scope(lowerString(name))
		}
		s = rest
	}
}

// target returns the set an item lands in, opening the unscoped set on
// first use: any item opens it, even one that restricts nothing ("all") or
// whose value does not parse, as a scope opens its set.
func (p *legacyParser) target() *directiveSet {
	switch p.set {
	case discarded:
		return &p.c.discard
	case -1:
		p.set = p.c.scope("")
	}
	return p.c.at(p.set)
}

// flag applies a directive without a value.
func (p *legacyParser) flag(name string) {
	if p.set == discarded {
		return // not even an unknown name is worth keeping
	}
	set := p.target()
	if f, ok := flagByName(name); ok {
		set.flags |= f
		return
	}
	if valuedDirective(name) != vNone {
		return // a valued directive with no value does not parse
	}
	set.addOther(lowerName(name))
}

// lowerName lower-cases an unknown directive name for Other: by Unicode's
// rules when it is valid UTF-8 (SPEC §3: "lower-cased"), else its ASCII
// letters only, so that no octet is replaced. Unicode lower-cases İ to i,
// so that "noİndex" would read as noindex and be written back as a
// directive it never was: a name that becomes one this package knows keeps
// its non-ASCII letters as they are.
func lowerName(name string) string {
	if isASCII(name) || !utf8.ValidString(name) {
		return lowerString(name)
	}
	lower := strings.ToLower(name)
	if _, known := flagByName(lower); known || valuedDirective(lower) != vNone {
		return lowerString(name)
	}
	return lower
}

// flagByName returns the restriction a directive name sets: zero and true for
// all, index and follow, which restrict nothing.
func flagByName(name string) (directiveFlag, bool) {
	switch {
	case equalLower(name, "noindex"):
		return noIndex, true
	case equalLower(name, "nofollow"):
		return noFollow, true
	case equalLower(name, "none"):
		return noIndex | noFollow, true
	case equalLower(name, "noarchive"), equalLower(name, "nocache"):
		return noArchive, true
	case equalLower(name, "nosnippet"):
		return noSnippet, true
	case equalLower(name, "noimageindex"):
		return noImageIndex, true
	case equalLower(name, "notranslate"):
		return noTranslate, true
	case equalLower(name, "all"), equalLower(name, "index"), equalLower(name, "follow"):
		return 0, true
	}
	return 0, false
}

// valued names a directive that takes a value.
type valued uint8

const (
	vNone valued = iota
	vMaxSnippet
	vMaxImagePreview
	vMaxVideoPreview
	vUnavailableAfter
)

func valuedDirective(name string) valued {
	switch {
	case equalLower(name, "max-snippet"):
		return vMaxSnippet
	case equalLower(name, "max-image-preview"):
		return vMaxImagePreview
	case equalLower(name, "max-video-preview"):
		return vMaxVideoPreview
	case equalLower(name, "unavailable_after"):
		return vUnavailableAfter
	}
	return vNone
}

// setValue merges the directive v, read from its text s, into r, keeping the
// more restrictive value, and reports whether s parsed; r is unchanged when
// it did not.
func (r *directiveSet) setValue(v valued, s string) bool {
	switch v {
	case vMaxSnippet, vMaxVideoPreview:
		n, ok := parseLimit(s)
		if !ok {
			return false
		}
		r.setLimit(v, n)
	case vMaxImagePreview:
		switch {
		case equalLower(s, "none"):
			r.setImage(imageNone)
		case equalLower(s, "standard"):
			r.setImage(imageStandard)
		case equalLower(s, "large"):
			r.setImage(imageLarge)
		default:
			return false
		}
	case vUnavailableAfter:
		t, ok := parseDate(s)
		if !ok {
			return false
		}
		r.setUntil(t)
	default:
		return false
	}
	return true
}

// parseLimit reads a decimal integer of at least -1, as max-snippet and
// max-video-preview take: digits, maybe after a '-', leading zeros allowed
// ("-0" is 0). A value past the range of int does not parse.
func parseLimit(s string) (int, bool) {
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	if s == "" {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		d := int(c - '0')
		if n > (math.MaxInt-d)/10 {
			return 0, false // past the range of int
		}
		n = n*10 + d
	}
	if neg {
		if n > 1 {
			return 0, false
		}
		n = -n
	}
	return n, true
}

// parseRobotsTag reads a Robots-Tag field into c and returns the text it
// parsed.
func parseRobotsTag(lines []string, c *collector) (string, error) {
	field := joinLimited(lines, MaxRobotsTagBytes+1)
	field = cutRobotsTag(field)
	list, err := httpsfv.UnmarshalList([]string{field})
	if err != nil {
		return field, fmt.Errorf("robots: Robots-Tag is not a structured-field list: %w", err)
	}
	for _, m := range list {
		item, ok := m.(httpsfv.Item)
		if !ok {
			continue // an inner list names no product token
		}
		tok, ok := item.Value.(httpsfv.Token)
		if !ok {
			continue
		}
		bot := lowerString(string(tok))
		if bot == "*" {
			bot = ""
		}
		set := c.at(c.scope(bot))
		if item.Params == nil {
			continue
		}
		for _, key := range item.Params.Names() {
			v, _ := item.Params.Get(key)
			set.param(key, v)
		}
	}
	return field, nil
}

// param applies one Robots-Tag parameter: a bare key (true) is on, ?0 is
// off, and integers, tokens, strings and dates are values.
func (r *directiveSet) param(key string, v any) {
	if b, ok := v.(bool); ok && !b {
		return
	}
	if f, ok := flagByName(key); ok {
		if v == true {
			r.flags |= f
		}
		return
	}
	dv := valuedDirective(key)
	if dv == vNone {
		r.addOther(key)
		return
	}
	switch v := v.(type) {
	case int64:
		switch {
		case dv != vMaxSnippet && dv != vMaxVideoPreview:
			// Its digits, as the legacy grammar reads them: a basic ISO
			// 8601 date (20100625) for unavailable_after.
			r.setValue(dv, strconv.FormatInt(v, 10))
		case v >= -1 && v <= math.MaxInt:
			r.setLimit(dv, int(v))
		}
	case httpsfv.Token:
		r.setValue(dv, string(v))
	case string:
		r.setValue(dv, trimASCIISpace(v))
	case time.Time:
		if dv == vUnavailableAfter {
			if t, ok := asUntil(v.UTC()); ok {
				r.setUntil(t)
			}
		}
	}
}

// joinLimited joins lines with ", " as RFC 9651 §4.2 and RFC 9110 §5.3
// combine field lines, stopping once the result holds max bytes. Empty lines
// are skipped: they carry no member, and joining them would leave an empty
// one, which makes the whole list invalid. A single line is returned as it
// is, for cutRobotsTag to bound (an empty field is an empty List).
func joinLimited(lines []string, max int) string {
	if len(lines) == 1 {
		return lines[0]
	}
	var b []byte
	for _, l := range lines {
		if trimASCIISpace(l) == "" {
			continue
		}
		if len(b) > 0 {
			b = append(b, ", "...)
		}
		if room := max - len(b); len(l) > room {
			if room > 0 {
				b = append(b, l[:room]...)
			}
			break
		}
		b = append(b, l...)
	}
	return string(b[:min(len(b), max)])
}

// cutRobotsTag returns field cut back to the list members that end within
// MaxRobotsTagBytes (draft-illyes-repext §3.1.1): to the last comma that
// separates members, not one inside a string or an inner list. A member
// whose bytes all fit is kept even when its comma, or the whitespace before
// it, is the first byte past the limit: what follows it cannot change it.
// The raw prefix is never parsed.
func cutRobotsTag(field string) string {
	if len(field) <= MaxRobotsTagBytes {
		return field
	}
	cut := 0
	const (
		outside = iota
		inString
		inDisplayString
	)
	state, depth := outside, 0
	for i := 0; i <= MaxRobotsTagBytes; i++ {
		c := field[i]
		if i == MaxRobotsTagBytes && state == outside && depth == 0 && (c == ' ' || c == '\t') {
			// RFC 9651 §4.2.1: OWS may follow a member; the member before
			// it has ended, unless the text before the OWS cannot end one:
			// a comma (a cut already), or a ';' or '=' whose parameter the
			// OWS splits (";  notranslate" is allowed inside a member).
			if t := strings.TrimRight(field[:i], " \t"); t != "" && !strings.ContainsRune(",;=", rune(t[len(t)-1])) {
				return field[:i]
			}
		}
		switch state {
		case inString:
			if c == '\\' {
				i++
			} else if c == '"' {
				state = outside
			}
		case inDisplayString:
			if c == '"' { // RFC 9651 §3.3.8: display strings escape with %XX only
				state = outside
			}
		default:
			switch c {
			case '"':
				state = inString
				if i > 0 && field[i-1] == '%' {
					state = inDisplayString
				}
			case '(':
				depth++
			case ')':
				if depth > 0 {
					depth--
				}
			case ',':
				if depth == 0 {
					cut = i
				}
			}
		}
	}
	return field[:cut]
}

// headerValues returns the lines of the header field name, which is in
// canonical form, as h holds them: under that key, as net/http stores
// every header it reads, and then under any other spelling of it (a map
// written by hand, http.Header{"x-robots-tag": ...}), those keys in sorted
// order so that the result does not depend on the map's.
func headerValues(h http.Header, name string) []string {
	values := h[name]
	var others []string
	for k := range h {
		// At equal lengths, EqualFold's Unicode folding cannot apply: a
		// non-ASCII letter is longer than the ASCII one it folds to.
		if k != name && len(k) == len(name) && strings.EqualFold(k, name) {
			others = append(others, k)
		}
	}
	if others == nil {
		return values
	}
	slices.Sort(others)
	values = slices.Clip(values)
	for _, k := range others {
		values = append(values, h[k]...)
	}
	return values
}

// collect merges every carrier's directives for token, recording the sets
// it used in sources when sources is not nil.
func collect(h http.Header, body []byte, token string, sources *[]Source) directiveSet {
	var merged directiveSet
	for _, line := range headerValues(h, "X-Robots-Tag") {
		c := forAgent(token)
		parseLegacy(line, &c)
		take(&merged, &c, token, "", Source{Carrier: CarrierXRobotsTag, Value: line}, sources)
	}
	if lines := headerValues(h, "Robots-Tag"); len(lines) > 0 {
		var c collector
		field, err := parseRobotsTag(lines, &c)
		if err != nil {
			if sources != nil {
				*sources = append(*sources, Source{Carrier: CarrierRobotsTag, Value: field, Err: err})
			}
		} else {
			take(&merged, &c, token, "", Source{Carrier: CarrierRobotsTag, Value: field}, sources)
		}
	}
	ct := contentType(h)
	if kind := markup(ct, body); kind != notHTML {
		headMetasOf(body, ct, kind == xhtml, func(name, content []byte) {
			n := trimASCIISpace(name)
			var who string // "" for every bot, else token
			switch {
			case equalLower(n, "robots"):
			case token != "" && equalLower(n, token):
				who = token
			default:
				return
			}
			c := forAgent(token)
			value := string(content)
			parseLegacy(value, &c)
			var src Source
			if sources != nil {
				src = Source{Carrier: CarrierMetaTag, Name: cmp.Or(who, "robots"), Value: value}
			}
			take(&merged, &c, token, who, src, sources)
		})
	}
	return merged
}

// take merges into merged the sets of c that address token, given that the
// carrier itself addresses who ("" for every bot, else token): a set applies
// when both its scope and the carrier reach the agent.
func take(merged *directiveSet, c *collector, token, who string, src Source, sources *[]Source) {
	for i := range c.n {
		r := c.at(i)
		if r.bot != "" && r.bot != token {
			continue
		}
		merged.union(r)
		if sources != nil {
			s := src
			s.Directives = r.directives()
			if who != "" {
				s.Directives.Bot = who
			}
			*sources = append(*sources, s)
		}
	}
}

// The kinds of body markup reports.
const (
	notHTML = iota
	textHTML
	xhtml
)

// IsHTML reports whether a response with header h and body is HTML, by the
// rule DirectivesFor decides whether to read its meta tags by: its
// Content-Type is text/html or application/xhtml+xml, in any case and with any
// parameters, or it has none (or an empty or blank one, which net/http makes
// of a field sent with no value) and body sniffs as HTML
// (http.DetectContentType, the WHATWG MIME Sniffing rules; only its first 512
// octets are read, and one that starts with a byte order mark, UTF-8's or
// UTF-16's, is text/plain). A Content-Type that names no type
// (";charset=utf-8"), or that is not a media type ("text/html junk"), is not
// HTML, and body is then not sniffed. Of several Content-Type lines, which
// RFC 9110 §5.3 does not allow, the first decides, as http.Header.Get reads
// them (the WHATWG Fetch Standard has a browser take the last it can parse
// instead), and so does the first type, with its parameters, of a line a proxy
// joined from several ("text/html, text/plain"). A nil h has no Content-Type.
// Links reads any body as HTML; a crawler asks IsHTML first, so that it
// follows links only where it would read meta tags, and not in a text/plain
// page that holds markup. It is safe for concurrent use.
func IsHTML(h http.Header, body []byte) bool {
	return markup(contentType(h), body) != notHTML
}

// markup says whether a body is read for meta tags, and how: it is when
// Content-Type says text/html or application/xhtml+xml, or, without a
// Content-Type, when the WHATWG MIME Sniffing rules find HTML.
func markup(ct string, body []byte) int {
	if trimASCIISpace(ct) == "" { // a blank value names no type: none was sent
		if strings.HasPrefix(http.DetectContentType(body), "text/html") {
			return textHTML
		}
		return notHTML
	}
	if i := strings.IndexByte(ct, ';'); i >= 0 {
		ct = ct[:i]
	}
	switch ct = trimASCIISpace(ct); {
	case equalLower(ct, "text/html"):
		return textHTML
	case equalLower(ct, "application/xhtml+xml"):
		return xhtml
	}
	return notHTML
}

// contentType returns the first Content-Type of h, or "": the first
// member of its first line, so that a line a proxy joined from several
// ("text/html, text/plain"; RFC 9110 §5.3) reads as they would.
func contentType(h http.Header) string {
	if v := headerValues(h, "Content-Type"); len(v) > 0 {
		return firstMember(v[0])
	}
	return ""
}

// headMetas calls visit with the name and content of every <meta> that has
// both and that the HTML5 tree builder places in <head>, in document order.
// It follows the insertion modes of HTML §13.2.6.4.1-6 (initial to "after
// head") and stops at the first token that would start the body: text that
// is not whitespace, or an element that does not belong in the head (an
// <img>, an <iframe>, <body>). Metas inside <template> are template contents
// and those inside comments, <script>, <style>, <title> and <noframes> are
// text; none of them count.
//
// A <noscript> in the head holds text where scripting is enabled, as in a
// browser, and, where it is disabled, as in a crawler that runs no scripts,
// the head's metas, links and styles, in the "in head noscript" insertion
// mode (HTML §13.2.6.4.5), until anything else closes it and may end the
// head ("<noscript><img>"). The head is read both ways (see reading) and
// the metas of either reading are visited: a publisher who writes
// <noscript><meta name="robots" content="noindex"></noscript> means it for
// readers without scripts, which a crawler is, and Google reads the page's
// HTML for noindex before it runs any script. (x/net/html's tokenizer
// always reads a <noscript>'s content as text; a reading with scripting
// disabled tells it not to, as its parser does.)
//
// Inside a template, SVG and MathML elements are followed (see
// foreignContent), so that their <title/> does not hide the rest of the
// head. Where a CDATA section there may be text or a bogus comment, the
// head is read both ways too. Each tag that any reading places in the head
// is visited once, in document order: a meta too many can only make the
// directives stricter. In XHTML (isXHTML), which is XML, a self-closing
// tag is an empty element: <title/> or <script src="a.js"/> holds no text,
// where HTML ignores the slash and reads what follows as the element's
// text.
//
// It reports whether a reading ran to the end of body, or stopped on a
// token that reaches it: what follows, were body cut short, could change
// what that reading finds ('<' at the end is text, which ends the head, and
// the start of a tag after more octets). Otherwise every reading stopped
// where the head ended, on a token whole before the end, and octets after
// body would change nothing: the tokenizer reads no further than the
// token it returns, and a token it cuts short at the end of its input
// ends there, or is an error (TestTokenizerReadsNoFurtherThanItsToken
// holds x/net/html to that).
func headMetas(body []byte, isXHTML bool, visit func(name, content []byte)) (reachedEnd bool) {
	var found []metaAt // past where the first reading parts from another
	eachReading(body, func(r *reading, from int) {
		defer func() {
			reachedEnd = reachedEnd || r.z.Err() != nil || r.end >= len(r.body)
		}()
		if r.first() {
			scanHead(r, isXHTML, func(at int, name, content []byte) {
				if !r.parted() {
					visit(name, content) // every reading finds it
				} else {
					found = append(found, copyMeta(at, name, content))
				}
			})
			return
		}
		var more []metaAt
		scanHead(r, isXHTML, func(at int, name, content []byte) {
			if at >= from {
				more = append(more, copyMeta(at, name, content))
			}
		})
		found = unionByOffset(found, more, func(m *metaAt) int { return m.at })
	})
	for _, m := range found {
		visit(m.name, m.content)
	}
	return reachedEnd
}

// headMetasOf is headMetas for a body of the given Content-Type. A body in
// UTF-16 (see asUTF8) is decoded a prefix at a time, each twice the last,
// until the head ends inside one, so that its cost follows the head, as
// for a body in any other encoding, not the body (SPEC §3): the metas are
// visited once a prefix is known to hold them all.
func headMetasOf(body []byte, contentType string, isXHTML bool, visit func(name, content []byte)) {
	units, bigEndian, ok := utf16Body(body, contentType)
	if !ok {
		headMetas(body, isXHTML, visit)
		return
	}
	utf16HeadMetas(units, bigEndian, isXHTML, utf16Prefix, visit)
}

// utf16HeadMetas is headMetasOf for UTF-16 code units, decoded first
// octets at a time (at least 2), then each prefix twice the last; first is
// even. A prefix of half the body or more is the whole body: the prefixes
// read before it are then under half of it together, so a head that never
// ends costs less than twice what decoding the body whole and reading it
// once would (reading prefixes up to just under all of it, then all of it,
// cost three times).
func utf16HeadMetas(units []byte, bigEndian, isXHTML bool, first int, visit func(name, content []byte)) {
	for n := max(first, 2); ; n *= 2 {
		if 2*n >= len(units) {
			headMetas(decodeUTF16(units, bigEndian), isXHTML, visit)
			return
		}
		var metas []metaAt
		reachedEnd := headMetas(decodeUTF16(units[:n], bigEndian), isXHTML, func(name, content []byte) {
			metas = append(metas, copyMeta(0, name, content))
		})
		if !reachedEnd {
			for _, m := range metas {
				visit(m.name, m.content)
			}
			return
		}
	}
}

// utf16Prefix is the first prefix of a UTF-16 body headMetasOf decodes, in
// octets: an even number, so that no prefix ends inside a code unit. One may
// end inside a surrogate pair, whose half then reads as U+FFFD where the
// whole body has the pair: either a reading reaches that last character,
// and headMetas reports the prefix too short, or none does, and it changes
// nothing.
const utf16Prefix = 16 << 10

// metaAt is a meta tag's offset in the body and its name and content,
// copied.
type metaAt struct {
	at            int
	name, content []byte
}

// copyMeta returns the metaAt of a meta tag at offset at, whose name and
// content, parts of a reading's buffer, it copies.
func copyMeta(at int, name, content []byte) metaAt {
	return metaAt{at, bytes.Clone(name), bytes.Clone(content)}
}

// scanHead is one reading of headMetas: it calls visit with the offset,
// name and content of each meta the reading places in the head.
func scanHead(r *reading, isXHTML bool, visit func(at int, name, content []byte)) {
	z := r.z
	foreign := &r.foreign // inside templates: SVG and MathML elsewhere start the body
	afterHead := false    // </head> was seen
	templates := 0        // depth of <template> elements open in the head
	rawText := false      // the next text token is a raw-text element's content
	inNoscript := false   // a noScripts reading in a <noscript> in the head
	for {
		if !rawText && templates == 0 && startsBody(r.body, r.end, inNoscript) {
			return // told by its first octets, before the tokenizer reads it whole
		}
		tt := r.next()
		wasRaw := rawText
		rawText = false
		switch tt {
		case html.ErrorToken:
			return
		case html.TextToken:
			if wasRaw || templates > 0 {
				continue
			}
			if !isWhitespaceText(z) {
				return // text starts the body
			}
		case html.EndTagToken:
			name := lowerTagName(z)
			if templates > 0 {
				// An SVG or MathML <template> is not the head's.
				if foreign.end(name) != endForeign && name.is("template") {
					templates-- // an HTML one, which closes what it holds
				}
				continue
			}
			if inNoscript {
				// HTML §13.2.6.4.5: </noscript> returns to the head, </br>
				// ends it as anything else, any other end tag is ignored.
				switch string(name.octets()) {
				case "noscript":
					inNoscript = false
				case "br":
					return
				}
				continue
			}
			switch string(name.octets()) {
			case "head":
				afterHead = true
			case "body", "html", "br":
				return // each ends the head and opens the body
			}
			// Any other end tag is a parse error and is ignored.
		case html.StartTagToken, html.SelfClosingTagToken:
			name := lowerTagName(z)
			tag := string(name.octets()) // no allocation: compared only
			empty := isXHTML && tt == html.SelfClosingTagToken
			if empty {
				z.NextIsNotRawText()
			}
			if templates > 0 {
				if !foreign.start(z, name, tt == html.SelfClosingTagToken) {
					continue // an SVG or MathML element: no raw text
				}
				if tag == "template" && !empty {
					templates++
				}
				// Text in a template is skipped, raw or not; a <noscript>
				// still decides how each reading reads on.
				if tag == "noscript" && !empty && foreign.inserts() {
					r.noscript()
				}
				continue
			}
			if inNoscript {
				// HTML §13.2.6.4.5: what the head accepts stays in the
				// <noscript>, <head> and <noscript> are ignored (the
				// tokenizer is not to read the latter's content as text),
				// and anything else closes it and is read as the head reads
				// it.
				switch tag {
				case "head", "noscript":
					if !empty {
						z.NextIsNotRawText()
					}
					continue
				case "html", "basefont", "bgsound", "link", "meta", "noframes", "style":
				default:
					inNoscript = false
				}
			}
			switch tag {
			case "html":
				continue // merged into the existing html element
			case "head":
				continue // a second head is ignored
			case "meta":
				if name, content, ok := metaNameContent(z); ok {
					visit(r.at, name, content)
				}
				continue
			case "base", "basefont", "bgsound", "link":
			case "title", "style", "script", "noframes":
				rawText = !empty
			case "noscript":
				if afterHead {
					return // not one of the head elements "after head" accepts
				}
				if !empty {
					rawText = r.noscript()
					inNoscript = !rawText
				}
			case "template":
				if !empty {
					templates = 1
					foreign.start(z, name, false) // which then follows the template's content
				}
			default:
				return // any other element starts the body
			}
		}
	}
}

// startsBody reports whether the token at body[p:] (text, or a tag where
// none of the head's raw-text elements or templates is open) is one at which
// scanHead stops, whatever follows its first octets: text that is not
// whitespace, the start tag of an element the head does not hold, or an end
// tag that ends the head. The tokenizer reads a text token to the next tag
// and a tag to its '>', buffering all of it, so that text or a tag's
// attributes running on for megabytes after the head would make the cost
// grow with the body, which SPEC §3 rules out. It reports false when its
// octets cannot tell (a character reference, which may stand for a space; a
// name that body's end cuts short; a comment), and the token is read as
// usual. The names are those scanHead's switches read on after; any other
// makes them stop.
func startsBody(body []byte, p int, inNoscript bool) bool {
	for p < len(body) && isHTMLSpace(rune(body[p])) {
		p++ // a text token of whitespace is the head's, and so is what follows it
	}
	switch {
	case p == len(body) || body[p] == '&':
		return false
	case body[p] != '<':
		return true // text
	case p+1 == len(body):
		return false // '<' alone at the end is text, but the body may be a prefix (headMetas)
	}
	end := body[p+1] == '/'
	name := body[p+1:]
	if end {
		name = name[1:]
	}
	if len(name) == 0 || !isAlpha(name[0]) {
		// Not a tag: '<' before anything but a letter, '/', '!' or '?' is
		// text; the rest are comments, whatever their octets.
		return !end && body[p+1] != '!' && body[p+1] != '?'
	}
	e, whole := tagNameAt(body[p:])
	if !whole {
		// Cut short by body's end: more octets could make it a name below,
		// unless it is a start tag's longer than all of them already.
		return !end && e.n > len("noframes")
	}
	switch tag := string(e.octets()); {
	case end && inNoscript:
		return tag == "br" // HTML §13.2.6.4.5
	case end:
		return tag == "body" || tag == "html" || tag == "br"
	default:
		switch tag {
		case "html", "head", "meta", "base", "basefont", "bgsound", "link",
			"title", "style", "script", "noframes", "noscript", "template":
			return false
		}
		return true
	}
}

// A reading tokenizes a body for a scanner that follows foreign content,
// telling the tokenizer before each token whether a CDATA section is text
// and whether a <noscript> holds text or markup, two things the tokenizer
// cannot know alone, and deciding what an end tag that goes to the HTML
// around foreign content closes, which the scanners do not know: which is
// why a body may be read in more than one way.
//
// Where a foreign element is innermost and foreignContent has guessed,
// whether a CDATA section is text is unsure: the first reading takes such a
// section as a bogus comment, a cdataText reading as text. So is it where
// that element is an integration point (an SVG <foreignObject>, say): the
// standard's tokenizer, and x/net/html's, read a CDATA section there as
// text (HTML §13.2.5.42 asks only whether the element is HTML's), but
// browsers' parsers (WebKit's, Blink's, parse5) read one as a bogus
// comment, as they do wherever the content is HTML; there the first
// reading follows the browsers, and guess is set. An HTML
// <noscript> is text to a browser that runs scripts and markup to one that
// does not, such as a crawler (HTML §13.2.6.4.4, the scripting flag): the
// first reading takes it as text, a noScripts reading as markup, placed as a
// tree builder with scripting disabled places it (in the head, the "in head
// noscript" insertion mode of §13.2.6.4.5). An end tag that goes to the HTML
// around closes nothing in the first reading, and all that is open in a
// closeAround reading (only Links meets one: the head scanner follows
// foreign content inside templates alone, which stop end tags). Until a
// reading meets the first such thing it reads the same tokens into the same
// states as the others; it records where as cdataFork, scriptFork or
// aroundFork, and eachReading then reads the body again each way that parts
// there. Neither way is safe alone, for a meta tag or a link may stand where
// only one of them finds it, so the scanners keep what any reading finds
// past where it parts from the first: a meta tag or link too many, never one
// too few.
type reading struct {
	z          *html.Tokenizer
	body       []byte // the body (after a BOM) that at and end are offsets in
	foreign    foreignContent
	way        readingWay
	at, end    int // the current token's offset in the body (after a BOM), and the next one's
	cdataFork  int // where an unsure CDATA section was read as a bogus comment, or -1
	scriptFork int // where a <noscript> was read as text, or -1
	aroundFork int // where an end tag that went to the HTML around closed nothing, or -1
}

// readingWay says how a reading takes what the tokenizer cannot tell: the
// zero value is the first reading's way.
type readingWay uint8

const (
	cdataText   readingWay = 1 << iota // an unsure CDATA section is text, not a bogus comment
	noScripts                          // scripting is disabled: a <noscript> holds markup
	closeAround                        // an end tag that goes to the HTML around closes all that is open

	allWays = cdataText | noScripts | closeAround
)

// cdataOpen starts a CDATA section, which the tokenizer reads as a bogus
// comment where it is not told a CDATA section is text.
var cdataOpen = []byte("<![CDATA[")

func newReading(body []byte, way readingWay) reading {
	return readingFrom(trimBOM(body), 0, way)
}

// readingFrom reads body, with no BOM, from offset p, where the tokenizer
// is to be in its data state.
func readingFrom(body []byte, p int, way readingWay) reading {
	return reading{z: html.NewTokenizer(bytes.NewReader(body[p:])), body: body, way: way, at: p, end: p, cdataFork: -1, scriptFork: -1, aroundFork: -1}
}

// first reports whether r is the first reading, which every body gets.
func (r *reading) first() bool { return r.way == 0 }

// parted reports whether r has met something another reading takes
// differently.
func (r *reading) parted() bool { return r.cdataFork >= 0 || r.scriptFork >= 0 || r.aroundFork >= 0 }

// eachReading calls scan with the first reading of body and then with each
// other reading that parts from one already read, at most eight in all, and
// most bodies only once: a reading of each set of ways, in the order of
// their bits, so that every set comes after those it adds a way to. from is
// where the reading may first find what those before it do not: up to there
// it reads as the reading it parted from, which has found the same.
func eachReading(body []byte, scan func(r *reading, from int)) {
	var from [allWays + 1]int // -1: no reading parts into that way
	for w := range from {
		from[w] = -1
	}
	from[0] = 0
	for w := readingWay(0); w <= allWays; w++ {
		if from[w] < 0 {
			continue
		}
		r := newReading(body, w)
		scan(&r, from[w])
		for _, fork := range [...]struct {
			way readingWay
			at  int
		}{{cdataText, r.cdataFork}, {noScripts, r.scriptFork}, {closeAround, r.aroundFork}} {
			if next := w | fork.way; fork.at >= 0 && next != w && (from[next] < 0 || fork.at < from[next]) {
				from[next] = fork.at
			}
		}
	}
}

// endTag reads an end tag where foreign content or a template is open (see
// foreignContent.end) and reports where it went. One that goes to the HTML
// around closes all that is open in a closeAround reading; in others it
// closes nothing, and the reading records where it parts.
func (r *reading) endTag(name elementName) int {
	where := r.foreign.end(name)
	if where == endAround {
		if r.way&closeAround != 0 {
			r.foreign.truncate(0)
		} else if r.aroundFork < 0 {
			r.aroundFork = r.at
		}
	}
	return where
}

// noscript reads the start tag of an HTML <noscript>, one the tokenizer
// would read the content of as text, and reports whether the content is
// text: in a reading with scripting enabled it is, and the reading records
// where it parts; in a noScripts reading the tokenizer is told to read on
// as markup.
func (r *reading) noscript() bool {
	if r.way&noScripts != 0 {
		r.z.NextIsNotRawText()
		return false
	}
	if r.scriptFork < 0 {
		r.scriptFork = r.at
	}
	return true
}

// next reads the next token.
func (r *reading) next() html.TokenType {
	foreign := r.foreign.innermostForeign()
	point := foreign && r.foreign.innermostPoint()
	text := foreign && (r.way&cdataText != 0 || !r.foreign.guess && !point)
	r.z.AllowCDATA(text)
	tt := r.z.Next()
	raw := r.z.Raw() // the tokens cover the body, each from where the last ended
	r.at, r.end = r.end, r.end+len(raw)
	if foreign && !text && tt == html.CommentToken && bytes.HasPrefix(raw, cdataOpen) {
		if r.cdataFork < 0 {
			r.cdataFork = r.at
		}
		r.foreign.guess = r.foreign.guess || point // html.Parse reads on in the section
	}
	return tt
}

// foreignContent follows the SVG and MathML elements open where a tokenizer
// is, for the scanners that read HTML without building a tree (HTML
// §13.2.6.5, the rules for parsing tokens in foreign content). In them
// <title>, <style> and <script> hold markup, not raw text, a self-closing
// tag is an empty element and a CDATA section is text; told none of that,
// the tokenizer would read all that follows <svg><title/> as the title's
// text and hide every later meta tag and link, where a browser reads them.
//
// It keeps a stack of those elements, of the HTML elements open in their
// integration points (<foreignObject>, <desc> and <title> in SVG, <mi> and
// the like and an HTML <annotation-xml> in MathML), where the content is
// HTML again, and of HTML templates and all they hold. It follows enough of
// HTML's tree builder to know where an end tag goes among those, not all of
// it, and not the HTML around them: the table insertion modes, implied end
// tags, forms and the simpler cases of the adoption agency, but not the
// agency's later passes, which move a formatting element into a block and
// close the copy (after "<b><div></b>" a second </b> closes nothing), nor
// the reopening of formatting elements text brings. Where its stack could
// part from a tree builder's (an element closed out of order, a part of a
// table in foreign content in a table, an end tag that reaches the HTML
// around, a template opened while foreign content is, after which html.Parse
// reads nothing more), it sets guess, and from there on a CDATA section
// where a foreign element is innermost may be text or a bogus comment.
// Neither reading is safe alone: read wrongly as text, a CDATA section hides
// all markup up to its "]]>", which may be the rest of the document; read
// wrongly as a bogus comment, it hides what stands before its first '>' and
// lets the markup-like text after it be read as markup, which can break out
// of the foreign content and open raw text ("<![CDATA[><b><title>]]>") that
// hides the rest. So the scanners read such a document both ways and keep
// what either reading finds (see reading): a meta tag or link too many,
// never one too few, unless a tree builder reads some of those sections one
// way and some the other. An end tag that goes to the HTML around, which it
// does not follow, closes all that is open or nothing, as an element of its
// name is open there or not: the scanners read on both ways (see reading),
// for either, taken wrongly, can hide the rest of the document (an SVG
// <title> left open holds markup, an HTML one raw text). guess is never
// cleared, and past maxFollowedHTML HTML elements it is set and no more are
// followed, which keeps short the searches the tree builder's rules make on
// every HTML tag.
//
// Foreign elements it follows up to maxForeignDepth, as many as html.Parse
// does, but searches down the stack skip a run of them in one step (see
// foreignElement), and once the stack has been namedFrom deep, an end tag
// in foreign content finds the element it closes by name; so no tag costs
// a search of every open element, which a document could otherwise make
// hundreds of times slower to read by nesting SVG deep and then repeating
// a tag that searches it all (BenchmarkLinksHostile in benchmarks/).
// inScope and closeImplied need neither: they start at HTML content, and
// the HTML elements open above a run of foreign ones stand in an
// integration point, which stops them.
type foreignContent struct {
	open  []foreignElement // innermost last; at most maxForeignDepth
	guess bool             // open may differ from a tree builder's stack

	// named maps each name to the innermost open element of that name,
	// once the stack has been namedFrom deep; nil before.
	named map[elementName]int16

	// reopenable has bit formattingIndex(name) set once a start tag of that
	// formatting element has been read: a tree builder may reopen such an
	// element where open is not told (the list of active formatting
	// elements, which is not kept here).
	reopenable uint16
}

// An elementName is a tag's name as lowerTagName gives it.
type elementName struct {
	name [foreignNameLen]byte // lower-cased, cut at foreignNameLen octets
	n    int                  // the name's whole length
}

type foreignElement struct {
	elementName
	html  bool   // an HTML element, open in an integration point or a template
	math  bool   // MathML, else SVG
	point uint8  // htmlPoint, textPoint, a template's state or 0
	htmlN uint16 // HTML elements open here and below, this one too
	spec  bool   // an HTML element of the special category

	// Where searches down the stack go on from here, as indices of open
	// (-1: none): past a run of foreign elements in one step.
	run      int16 // where the run of foreign elements this one is in starts; for an HTML element, itself
	skipTo   int16 // for a foreign element: the innermost special one at or below it in its run, else the element below the run
	template int16 // the innermost HTML template at or below this one
	sameName int16 // the next open element below of the same name, once named is kept
}

const (
	foreignNameLen  = 15  // "annotation-xml" and "foreignobject" fit
	maxForeignDepth = 512 // the most open elements html.Parse allows
	namedFrom       = 32  // the depth from which foreignContent.named is kept

	// maxFollowedHTML bounds the HTML elements followed, whose searches
	// run on every tag: past it, guess is set and no more are followed.
	maxFollowedHTML = 16
)

// Integration points: where a foreign element's content is HTML.
const (
	htmlPoint = 1 + iota // start tags and text are HTML
	textPoint            // MathML mi, mo, mn, ms, mtext: the same, but for mglyph and malignmark

	// Not integration points: an HTML <template>, whose content is
	// followed too, before its first element, after one, and after a
	// first element that makes it read on as a table, a table's body, a
	// row, or a column group (HTML §13.2.6.4.18).
	templateScope
	templateBody
	templateTable
	templateRows
	templateCells
	templateColumns
)

// lowerTagName returns the current tag's name. It reads the token's raw
// octets: Tokenizer.TagName copies the name on every call, and most tags
// are of no interest.
func lowerTagName(z *html.Tokenizer) elementName {
	e, _ := tagNameAt(z.Raw())
	return e
}

// tagNameAt returns the name of the tag raw starts with, "<name" or
// "</name", and whether the name ends before raw does.
func tagNameAt(raw []byte) (e elementName, whole bool) {
	i := 1
	if i < len(raw) && raw[i] == '/' {
		i++
	}
	for ; i < len(raw); i++ {
		switch c := raw[i]; c {
		case ' ', '\n', '\r', '\t', '\f', '/', '>':
			return e, true
		default:
			if e.n < foreignNameLen {
				e.name[e.n] = lowerASCII(c)
			}
			e.n++
		}
	}
	return e, false
}

// is reports whether the name is s, which is lower-case and at most
// foreignNameLen octets.
func (e elementName) is(s string) bool {
	return e.n == len(s) && string(e.name[:e.n]) == s
}

// octets returns the name, or its first foreignNameLen octets when it is
// longer, which then equal no name the scanners tell apart: none is that
// long.
func (e *elementName) octets() []byte {
	return e.name[:min(e.n, foreignNameLen)]
}

// innermostForeign reports whether the element open innermost is a foreign
// one, where a tree builder reads a CDATA section as text, not as a bogus
// comment (HTML §13.2.5.42), if the stack is its.
func (f *foreignContent) innermostForeign() bool {
	return len(f.open) > 0 && !f.open[len(f.open)-1].html
}

// innermostPoint reports whether the element open innermost is an HTML or
// MathML text integration point.
func (f *foreignContent) innermostPoint() bool {
	if len(f.open) == 0 {
		return false
	}
	p := f.open[len(f.open)-1].point
	return p == htmlPoint || p == textPoint
}

// start reads the current start tag, of the name lowerTagName gives. It
// reports true when the tag is an HTML element, for the caller to read as it
// reads any; false when it is a foreign element, which the tokenizer has
// been told holds no raw text.
func (f *foreignContent) start(z *html.Tokenizer, name elementName, selfClosing bool) bool {
	if len(f.open) > 0 {
		switch top := &f.open[len(f.open)-1]; {
		case top.html, top.point == htmlPoint,
			top.point == textPoint && !name.is("mglyph") && !name.is("malignmark"),
			top.math && top.is("annotation-xml") && name.is("svg"):
			// HTML content again, which may open foreign content anew.
		case breaksOut(z, name):
			// An HTML element ends the foreign content it stood in, up to
			// an integration point or an HTML element.
			f.popToHTML()
		default:
			z.NextIsNotRawText()
			f.push(z, name, false, top.math, selfClosing)
			return false
		}
	}
	return f.htmlStart(z, name, selfClosing)
}

// htmlStart reads a start tag where HTML content is innermost, or none of
// what foreignContent follows is open.
func (f *foreignContent) htmlStart(z *html.Tokenizer, name elementName, selfClosing bool) bool {
	if i := formattingIndex(name); i >= 0 {
		f.reopenable |= 1 << i
	}
	if name.is("template") && !f.guess && f.foreignOpen() {
		// HTML §13.2.6.4.4 opens the template and reads on. html.Parse
		// (golang.org/x/net/html, inHeadIM) ignores the rest of the document
		// at a template start tag while foreign content is open, a
		// divergence it keeps to avoid a loop. The scan goes on as the
		// standard does, as browsers do, so its stack is not the tree
		// builder's from here.
		f.guess = true
	}
	if len(f.open) > 0 {
		// A template's first element decides how it reads the rest
		// (HTML §13.2.6.4.18): a <col> drops all but <col> and <template>.
		switch top := &f.open[len(f.open)-1]; top.point {
		case templateColumns:
			if !name.is("template") {
				// Dropped, so no element tells the tokenizer to read raw
				// text (HTML §13.2.6.2 leaves that to the tree builder);
				// x/net/html's reads a <title>, <style>, <noscript> and
				// the like as text on its own, and html.Parse the rest of
				// the document with it, so its stack parts from this one.
				z.NextIsNotRawText()
				if readsRawText(name) {
					f.guess = true
				}
				return true
			}
		case templateScope:
			switch string(name.octets()) {
			case "col":
				top.point = templateColumns
			case "caption", "colgroup", "tbody", "tfoot", "thead":
				top.point = templateTable
			case "tr":
				top.point = templateRows
			case "td", "th":
				top.point = templateCells
			case "base", "basefont", "bgsound", "link", "meta", "noframes", "script", "style", "template", "title":
			default:
				top.point = templateBody
			}
		}
	}
	if name.is("frameset") {
		if len(f.open) == 0 {
			f.guess = true // a tree builder may drop all that follows
		}
		return true // else dropped (HTML §13.2.6.4.7)
	}
	if name.is("svg") || name.is("math") {
		f.push(z, name, false, name.is("math"), selfClosing)
		return false
	}
	// HTML content is followed only where foreign content or a template is
	// open, so that an end tag there is known to go no further.
	if len(f.open) == 0 && !name.is("template") {
		return true
	}
	if tableElement(name) {
		if !name.is("table") || f.inTableMode() {
			f.tablePart(true) // a table in a cell or caption nests, in body
		}
		if !f.tablePartStart(name) {
			return true
		}
	}
	if isVoidElement(name) {
		switch {
		case closesP(name): // <hr>
			f.closeImplied("p", buttonScope)
		case name.is("input"):
			f.closeImplied("select", defaultScope)
		}
		return true
	}
	switch string(name.octets()) {
	case "frame", "head":
		// Followed content is past "before head" and outside a frameset,
		// where a tree builder reads both in body, which drops them
		// (HTML §13.2.6.4.7), in a table too.
		return true
	case "html", "body":
		return true // merged into the open one
	case "select":
		if f.closeImplied("select", defaultScope) {
			return true // which it closes, and opens none
		}
	case "button":
		f.closeImplied("button", defaultScope) // a button ends the one open
	case "rb", "rtc", "rp", "rt":
		if f.inScope("ruby", defaultScope) {
			f.closeImpliedEnds(name.is("rp") || name.is("rt"))
		}
	case "form":
		if f.inTableMode() {
			return true // inserted and closed at once, or dropped (HTML §13.2.6.4.9)
		}
	case "li":
		f.closeImplied("li", listItemScope)
	case "dd", "dt":
		if !f.closeImplied("dd", listItemScope) {
			f.closeImplied("dt", listItemScope)
		}
	case "a", "nobr":
		f.reopen(name)
	case "table":
		if f.inScope("p", buttonScope) {
			f.guess = true // which closes the <p> outside quirks mode
		}
	}
	if closesP(name) {
		f.closeImplied("p", buttonScope)
	}
	if top := len(f.open) - 1; top >= 0 && isHeading(name) {
		if e := &f.open[top]; e.html && isHeading(e.elementName) {
			f.truncate(top) // a heading ends the one open innermost
		}
	}
	f.push(z, name, true, false, false) // HTML ignores a slash on non-void elements
	return true
}

// inserts reports whether a tree builder makes an element of the HTML
// start tag other than <col> that start has just read: it does unless a
// template whose first element is a <col> drops it (HTML §13.2.6.4.18). A
// <noscript> it makes reads its content as text with scripting enabled and
// as markup without; a dropped one's content is markup either way, as start
// has told the tokenizer. A dropped <a> or <area> is no link.
func (f *foreignContent) inserts() bool {
	top := len(f.open) - 1
	return top < 0 || f.open[top].point != templateColumns
}

// readsRawText reports whether golang.org/x/net/html's tokenizer reads the
// text after a start tag of name as raw text, up to its end tag (or, for
// <plaintext>, to the end), unless told otherwise.
func readsRawText(name elementName) bool {
	switch string(name.octets()) {
	case "iframe", "noembed", "noframes", "noscript", "plaintext", "script", "style", "textarea", "title", "xmp":
		return true
	}
	return false
}

// reopen reads a start tag <a> or <nobr> where one may be open, which a
// tree builder first closes by the adoption agency algorithm (HTML
// §13.2.6.4.7). Open in scope with nothing special inside it, the old one
// is closed with all it holds, as the algorithm does when it finds no
// furthest block. Otherwise the algorithm moves elements about, or takes
// an <a> out of scope off the stack alone, and guess is set. Before the
// innermost marker (a template, a table cell or caption, an applet, object
// or marquee) an <a> is not in the list the algorithm looks in: nothing is
// closed.
func (f *foreignContent) reopen(name elementName) {
	unsure := false // the old one is out of scope, or something special is inside it
	for i := len(f.open) - 1; i >= 0; i-- {
		e := &f.open[i]
		switch {
		case e.html && e.elementName == name:
			if unsure {
				f.guess = true
			} else {
				f.popTo(i)
			}
			return
		case e.html && isMarker(e.elementName):
			return
		case !e.html:
			// Foreign elements are never the one, nor markers: past the
			// run in one step, noting whether a special one is in it (the
			// search must not cost a walk of the whole stack per tag). The
			// first element of a run met is its innermost, whose skipTo is
			// in the run exactly when a special element is.
			if e.skipTo >= e.run {
				unsure = true
			}
			i = int(e.run)
		case e.special(), e.spec: // every element that ends a scope is one of these
			unsure = true
		}
	}
}

// isMarker reports whether an HTML element puts a marker in the list of
// active formatting elements (HTML §13.2.4.3).
func isMarker(name elementName) bool {
	switch string(name.octets()) {
	case "applet", "caption", "marquee", "object", "td", "template", "th":
		return true
	}
	return false
}

// push opens the current start tag's element, unless it is a self-closing
// foreign one (empty in foreign content). Past maxForeignDepth open
// elements it stops following them.
func (f *foreignContent) push(z *html.Tokenizer, name elementName, isHTML, math, selfClosing bool) {
	if selfClosing {
		return
	}
	var htmlN uint16
	if len(f.open) > 0 {
		htmlN = f.open[len(f.open)-1].htmlN
	}
	if isHTML {
		htmlN++
	}
	if len(f.open) == maxForeignDepth || htmlN > maxFollowedHTML {
		f.guess = true
		return
	}
	e := foreignElement{elementName: name, html: isHTML, math: math, htmlN: htmlN, spec: isHTML && isSpecial(name)}
	switch {
	case isHTML:
		if name.is("template") {
			e.point = templateScope
		}
	case !math && (name.is("foreignobject") || name.is("desc") || name.is("title")):
		e.point = htmlPoint
	case math && (name.is("mi") || name.is("mo") || name.is("mn") ||
		name.is("ms") || name.is("mtext")):
		e.point = textPoint
	case math && name.is("annotation-xml"):
		for more := true; more; {
			var key, val []byte
			key, val, more = z.TagAttr()
			if string(key) == "encoding" {
				if equalLower(val, "text/html") || equalLower(val, "application/xhtml+xml") {
					e.point = htmlPoint
				}
				break
			}
		}
	}
	f.add(e)
}

// add opens e, setting where searches go on from it.
func (f *foreignContent) add(e foreignElement) {
	i := int16(len(f.open))
	e.run, e.skipTo, e.template = i, i-1, -1
	if i > 0 {
		below := &f.open[i-1]
		e.template = below.template
		if !e.html && !below.html {
			e.run, e.skipTo = below.run, below.skipTo
		}
	}
	switch {
	case e.html && e.point != 0: // a template
		e.template = i
	case !e.html && e.special():
		e.skipTo = i
	}
	if f.named == nil && len(f.open) == namedFrom {
		f.named = make(map[elementName]int16, 2*namedFrom)
		for j := range f.open {
			f.addName(&f.open[j], int16(j))
		}
	}
	if f.named != nil {
		f.addName(&e, i)
	}
	f.open = append(f.open, e)
}

// addName enters e, at index i of open, in named.
func (f *foreignContent) addName(e *foreignElement, i int16) {
	e.sameName = -1
	if j, ok := f.named[e.elementName]; ok {
		e.sameName = j
	}
	f.named[e.elementName] = i
}

// truncate closes the elements open from index i on.
func (f *foreignContent) truncate(i int) {
	if f.named != nil {
		for j := len(f.open) - 1; j >= i; j-- {
			e := &f.open[j]
			if e.sameName >= 0 {
				f.named[e.elementName] = e.sameName
			} else {
				delete(f.named, e.elementName)
			}
		}
	}
	f.open = f.open[:i]
}

// foreignOpen reports whether a foreign element is open.
func (f *foreignContent) foreignOpen() bool {
	for i := range f.open {
		if !f.open[i].html {
			return true
		}
	}
	return false
}

// popToHTML closes foreign elements until an integration point, an HTML
// element or none is open.
func (f *foreignContent) popToHTML() {
	i := len(f.open)
	for i > 0 && !f.open[i-1].html && f.open[i-1].point == 0 {
		i--
	}
	f.truncate(i)
}

// Where an end tag went, as end reports it.
const (
	endOutside = iota // to the HTML around the foreign content, or no foreign content is open
	endForeign        // it closed a foreign element
	endInside         // to an HTML element in an integration point, or ignored there
	endAround         // to the HTML around, where it closes all that is open or nothing (see reading)
)

// end reads an end tag, of the name lowerTagName gives, and reports where
// it went (HTML §13.2.6.5 and §13.2.6.4.7). In foreign content it closes
// the innermost foreign element of its name and those inside it, if one is
// open before the first HTML element; </br> and </p> close the foreign
// content up to an integration point or HTML element, and go on to HTML's
// rules. Others go to HTML's rules from the innermost element, which an
// integration point stops: </template> closes the innermost template,
// wherever it is, and another end tag the innermost HTML element of its
// name within an integration point or template, or else is ignored. Where
// that is unsure (an element closed out of order, or HTML around the
// foreign content that is not followed), it sets guess; see endHTML for
// what it then closes.
func (f *foreignContent) end(name elementName) int {
	if len(f.open) == 0 {
		return endOutside
	}
	isTemplate := name.is("template")
	if !f.open[len(f.open)-1].html {
		if name.is("br") || name.is("p") {
			if f.popToHTML(); len(f.open) == 0 {
				return endOutside
			}
		} else {
			if i := f.innermostInRun(name); i >= 0 {
				f.truncate(i)
				return endForeign
			}
			if !isTemplate {
				return f.endHTML(name)
			}
		}
	}
	switch {
	case name.is("br"):
		return endInside // a <br>
	case isTemplate:
		if i := f.open[len(f.open)-1].template; i >= 0 {
			f.truncate(int(i))
		}
		return endInside // closed, or ignored: none is open
	}
	return f.endHTML(name)
}

// innermostInRun returns the index of the innermost element named name
// in the run of foreign elements open innermost, or -1 if none is.
func (f *foreignContent) innermostInRun(name elementName) int {
	top := len(f.open) - 1
	if f.named != nil {
		i, ok := f.named[name]
		if !ok || i < f.open[top].run {
			return -1
		}
		return int(i)
	}
	for i := top; i >= 0 && !f.open[i].html; i-- {
		if f.open[i].elementName == name {
			return i
		}
	}
	return -1
}

// Scopes: the HTML elements that stop a search for an open element
// (HTML §13.2.4.2), besides integration points and templates.
const (
	defaultScope = iota
	listItemScope
	buttonScope
	tableScope
)

// stopsScope reports whether e ends the search for an element in a scope.
func (e *foreignElement) stopsScope(scope int) bool {
	if e.special() {
		return true
	}
	if !e.spec { // each element that ends a scope is a special one
		return false
	}
	name := string(e.octets())
	switch name {
	case "html", "table", "template":
		return true
	case "applet", "caption", "td", "th", "marquee", "object", "select":
		return scope != tableScope // <select> as golang.org/x/net/html reads it
	case "ol", "ul":
		return scope == listItemScope
	case "button":
		return scope == buttonScope
	}
	return false
}

// readAsTable reports whether e is a template whose first element makes a
// tree builder read on in a table's insertion modes (see templateTable).
func (e *foreignElement) readAsTable() bool {
	return e.point == templateTable || e.point == templateRows || e.point == templateCells
}

// special reports whether e is a foreign element of the special category
// (HTML §13.2.4.3) or a template, each of which ends every scope and stops
// the end tag of any other element.
func (e *foreignElement) special() bool {
	return e.point != 0 || e.math && e.is("annotation-xml")
}

// tablePart reads a start tag of a part of a table, or an end tag of a
// column or column group, at HTML content. In a table, a tree builder reads
// it in a table's insertion mode, whose scope integration points do not
// end: a start tag closes all that is open in the innermost part of the
// table, foreign content too, and an end tag may. Either sets guess where
// foreign content is open in a table. (The end tags of the other parts are
// endTablePart's.)
func (f *foreignContent) tablePart(start bool) {
	foreign := false
	for i := len(f.open) - 1; i >= 0; i-- {
		e := &f.open[i]
		switch {
		case !e.html:
			foreign = true
			i = int(e.run) // past the run
		case e.readAsTable(), tableElement(e.elementName):
			if foreign {
				f.guess = true
				if start {
					f.truncate(i + 1)
				}
			}
			return
		case e.point != 0, e.is("html"):
			return // a template that holds no table
		}
	}
}

// tablePartStart reads the start tag of a part of a table (a <table>, a
// caption, a column or column group, a section, a row or a cell) at HTML
// content, as the table insertion modes read it (HTML §13.2.6.4.9-15), and
// reports whether it opens an element. Outside a table only a <table>
// does. In one, the innermost part open decides the mode, which may close
// that part and read the tag again in the mode around it: a cell, caption
// or column group is closed by any part, a row by all but a cell, a
// section by all but a row or cell; then the part is opened in what is
// left, or dropped where a template whose first element was a row or a
// cell has no section or row to close. What those modes open by
// themselves (a <tbody> around a <tr>, a <tr> around a <td>, a
// <colgroup> around a <col>) is not followed: it matters only to the end
// tags of those parts.
func (f *foreignContent) tablePartStart(name elementName) bool {
	table := -1 // the table, or the template read as one
	for i := len(f.open) - 1; i >= 0; i-- {
		if e := &f.open[i]; e.stopsScope(tableScope) {
			if e.readAsTable() || e.html && e.is("table") {
				table = i
			}
			break
		}
	}
	if table < 0 {
		return name.is("table") // the others are dropped (HTML §13.2.6.4.7)
	}
	isTable, isCell, isRow := name.is("table"), name.is("td") || name.is("th"), name.is("tr")
	for {
		part, mode := table, &f.open[table] // the innermost part open, and what it is
		for i := len(f.open) - 1; i > table; i-- {
			if e := &f.open[i]; e.html && isTablePart(e.elementName) {
				part, mode = i, e
				break
			}
		}
		switch {
		case mode.is("td"), mode.is("th"), mode.is("caption"):
			if isTable {
				return true // a table inside, read in body
			}
		case mode.is("colgroup"):
			if name.is("col") {
				return true
			}
		case mode.is("tr"), mode.point == templateCells:
			if isCell {
				f.truncate(part + 1)
				return true
			}
			if isTable || part == table {
				return f.tableInTable(table, isTable) // no row to close
			}
		case mode.is("tbody"), mode.is("thead"), mode.is("tfoot"), mode.point == templateRows:
			if isRow || isCell {
				f.truncate(part + 1)
				return true
			}
			if isTable || part == table {
				return f.tableInTable(table, isTable) // no section to close
			}
		default: // the table, or a template read as one
			if isTable {
				return f.tableInTable(table, true)
			}
			f.truncate(part + 1)
			return true
		}
		f.truncate(part) // closed, and the tag read again around it
	}
}

// tableInTable reads a start tag that reaches a table's own insertion mode
// with table open at that index: a <table> closes the table, if it is one,
// and opens another beside it (a template read as a table holds no table
// to close: the tag is dropped); any other part is dropped there.
func (f *foreignContent) tableInTable(table int, isTable bool) bool {
	if !isTable || !f.open[table].is("table") { // else a template
		return false
	}
	f.truncate(table)
	return true
}

// isTablePart reports whether an open HTML element is a part of a table
// that decides the insertion mode inside it.
func isTablePart(name elementName) bool {
	switch string(name.octets()) {
	case "caption", "colgroup", "tbody", "td", "tfoot", "th", "thead", "tr":
		return true
	}
	return false
}

// inScope reports whether an HTML element named name is open in scope.
func (f *foreignContent) inScope(name string, scope int) bool {
	for i := len(f.open) - 1; i >= 0; i-- {
		e := &f.open[i]
		if e.html && e.is(name) {
			return true
		}
		if e.stopsScope(scope) {
			return false
		}
	}
	return false
}

// closeImplied closes the HTML element named name if it is open in scope,
// as a start tag that implies its end tag does, and reports whether it was.
// For <li>, <dd> and <dt>, listItemScope stands for the rule of their
// start tags.
func (f *foreignContent) closeImplied(name string, scope int) bool {
	for i := len(f.open) - 1; i >= 0; i-- {
		e := &f.open[i]
		if e.html && e.is(name) {
			f.popTo(i)
			return true
		}
		if scope == listItemScope {
			// <li>, <dd> and <dt> stop at any special element but
			// <address>, <div> and <p>, not at a scope's end.
			if e.special() || e.spec && !isAddressDivP(e.elementName) {
				return false
			}
		} else if e.stopsScope(scope) {
			return false
		}
	}
	return false
}

// closeImpliedEnds closes the HTML elements open innermost whose end tags
// are implied (HTML §13.2.6.3, "generate implied end tags"), but <rtc> when
// keepRtc is set, as a ruby part's start tag does.
func (f *foreignContent) closeImpliedEnds(keepRtc bool) {
	for top := len(f.open) - 1; top >= 0; top-- {
		e := &f.open[top]
		if !e.html {
			return
		}
		switch string(e.octets()) {
		case "dd", "dt", "li", "optgroup", "option", "p", "rb", "rp", "rt":
		case "rtc":
			if keepRtc {
				return
			}
		default:
			return
		}
		f.truncate(top)
	}
}

// inTableMode reports whether a tree builder is in one of the insertion
// modes of a table itself, its body or a row, where what is not a part of
// the table is foster-parented (HTML §13.2.6.4.9-14): a table, or a template
// read as one, is open in table scope, and no cell or caption is open in
// it.
func (f *foreignContent) inTableMode() bool {
	for i := len(f.open) - 1; i >= 0; i-- {
		e := &f.open[i]
		switch {
		case e.readAsTable():
			return true
		case !e.html:
			i = int(e.run) // foreign content, integration points too, leaves the mode as it is
		case e.is("td"), e.is("th"), e.is("caption"):
			return false
		case e.is("table"):
			return true
		case e.stopsScope(tableScope):
			return false
		}
	}
	return false
}

// popTo closes the element at index i of open and those inside it. Should
// a formatting element close with it, not being it, the tree builder will
// reopen it (HTML §13.2.4.3), and the stack is no longer known.
func (f *foreignContent) popTo(i int) {
	for _, e := range f.open[i+1:] {
		if e.html && isFormatting(e.elementName) {
			f.guess = true
		}
	}
	f.truncate(i)
}

// endHTML reads an end tag by HTML's rules in body (HTML §13.2.6.4.7),
// where the innermost element may be a foreign one that did not take it.
// An end tag of an element that ends a scope, <p> or a heading closes the
// innermost one open in scope; a formatting element's closes it if nothing
// special stands inside it; any other the innermost HTML element of its
// name, unless a special element stands before it. Integration points and
// templates stop each search, and the tag is ignored. A search that reaches
// the HTML around the foreign content, which is not followed, sets guess, as
// does one that closes foreign content or is stopped past it. Once guess is
// set, an end tag whose element is below foreign content leaves it open
// and closes nothing (the adoption agency's case, adopt, aside).
func (f *foreignContent) endHTML(name elementName) int {
	switch {
	case name.is("col"), name.is("colgroup"):
		f.tablePart(false)
	case tableElement(name):
		return f.endTablePart(name)
	}
	scope := -1 // the element's own rule: any other end tag
	switch {
	case name.is("body"), name.is("html"):
		return endInside // they close no element here: the tree builder reads on
	case name.is("p"):
		scope = buttonScope
	case name.is("li"):
		scope = listItemScope
	case name.is("noscript"):
		// Special, but "any other end tag" in the body: since a reading
		// without scripts gives a <noscript> children, a special one
		// inside it stops its end tag ("<noscript><div></noscript>"). The
		// other special elements HTML reads so hold no elements (void or
		// raw text) or have rules of their own here (tables, templates).
	case isSpecial(name) || isFormatting(name): // headings too
		scope = defaultScope
		if tableElement(name) {
			scope = tableScope
		}
	}
	special := false // a special element stands inside the formatting one
	foreign := false // the search passed foreign content
	for i := len(f.open) - 1; i >= 0; i-- {
		e := &f.open[i]
		switch {
		case e.html && (e.elementName == name || isHeading(name) && isHeading(e.elementName)):
			if special {
				f.adopt(i)
				return endInside
			}
			if name.is("form") && i != len(f.open)-1 && e.template < 0 {
				// With no template open, a tree builder takes the form
				// out alone; with one, it closes all inside it.
				f.guess = true
				return endInside
			}
			if foreign {
				if f.guess {
					// The stack may lack what stops this end tag in a
					// tree builder (a special element past
					// maxFollowedHTML, say): the foreign content is left
					// open (see foreignContent).
					return endInside
				}
				f.guess = true
			}
			f.popTo(i)
			return endInside
		case e.special():
			// A formatting element's end tag that passed foreign content
			// may close it all in a tree builder, through a copy of the
			// element reopened inside it (reconstructing the active
			// formatting elements, §13.2.4.3), which the stack here does
			// not hold: "<template><tr><i><tr><math></i>" closes the math.
			// Only an element opened before can be reopened.
			if k := formattingIndex(name); foreign && k >= 0 && f.reopenable&(1<<k) != 0 {
				f.guess = true
			}
			return endInside
		case !e.html:
			foreign = true
			i = int(e.skipTo) + 1 // to the special element below, or past the run
		case scope >= 0 && e.stopsScope(scope), scope < 0 && e.spec:
			f.guess = f.guess || foreign // ignored, if the HTML elements are right
			return endInside
		case e.spec:
			special = special || isFormatting(name)
		}
	}
	f.guess = true
	return endAround
}

// endTablePart reads the end tag of a table, a section, a row, a cell or a
// caption, by the table insertion modes (HTML §13.2.6.4.9-15): if one of its
// name is open in table scope, which neither foreign content nor an
// integration point ends, it closes it and all it holds; otherwise it is
// ignored (a cell's end tag in a row, and one of a part not open, are ignored
// there too), but for a </table> in a template, which may close parts of a
// table open in it (see endTableInTemplate). Reaching the HTML around, the
// search may close it all or nothing, as any end tag that does (see
// endAround). A <tbody> or <tr> that a table's modes opened by themselves is
// not on the stack here (see tablePartStart), so where the search passed
// foreign content to find none, a tree builder may close it, and that
// content, and guess is set: "<table><td><svg></tbody>" closes the SVG.
func (f *foreignContent) endTablePart(name elementName) int {
	foreign := false
	for i := len(f.open) - 1; i >= 0; i-- {
		e := &f.open[i]
		switch {
		case !e.html:
			foreign = true
			i = int(e.run) // no foreign element is the one, nor ends table scope
		case e.elementName == name:
			f.popTo(i)
			return endInside
		case e.is("template") && name.is("table"):
			f.endTableInTemplate(i)
			return endInside
		case e.is("table"), e.is("html"), e.is("template"):
			if foreign && (name.is("tbody") || name.is("tr")) {
				f.guess = true
			}
			return endInside
		}
	}
	f.guess = true
	return endAround
}

// endTableInTemplate reads a </table> in the template open at index
// template, which holds no table open: the mode of the innermost part of a
// table open in it decides (HTML §13.2.6.4.11-15), as if the tag were the
// end tag of that part, then read again around it. A caption, column group
// or section closes, a row closes and then the section around it, if one
// is open; in a cell, or with no part open, the tag is ignored.
func (f *foreignContent) endTableInTemplate(template int) {
	for i := len(f.open) - 1; i > template; i-- {
		e := &f.open[i]
		switch {
		case !e.html:
			i = int(e.run) // foreign content leaves the mode as it is
		case !isTablePart(e.elementName):
		case e.is("td"), e.is("th"):
			return
		case e.is("tr"):
			f.popTo(i) // and on, to a section around it
		default:
			f.popTo(i)
			return
		}
	}
}

// adopt reads the end tag of the formatting element open at index i, with
// a special element inside it, by the adoption agency algorithm (HTML
// §13.2.6.4.7): each round moves the formatting element into the next
// special element inside it (its furthest block), and a round that finds
// none closes that copy and all inside it. So with up to seven special
// elements inside, all that is open inside the innermost one is closed;
// with more, the algorithm's eight rounds end first and nothing is. The
// elements between that the algorithm takes off the stack or copies stay
// here as they were, so guess is set either way.
func (f *foreignContent) adopt(i int) {
	f.guess = true
	innermost, blocks := -1, 0
	for j := i + 1; j < len(f.open); j++ {
		if e := &f.open[j]; e.special() || e.spec {
			innermost = j
			blocks++
		}
	}
	if blocks > 0 && blocks < maxAdoptionRounds {
		f.truncate(innermost + 1)
	}
}

// maxAdoptionRounds is how many times the adoption agency algorithm's
// outer loop runs at most.
const maxAdoptionRounds = 8

// isFormatting reports whether an HTML element is one of the formatting
// elements, which a tree builder reopens when they are closed out of order
// (HTML §13.2.4.3).
func isFormatting(name elementName) bool { return formattingIndex(name) >= 0 }

// formattingIndex returns the index of a formatting element's name among
// them, or -1 for any other name.
func formattingIndex(name elementName) int {
	switch string(name.octets()) {
	case "a":
		return 0
	case "b":
		return 1
	case "big":
		return 2
	case "code":
		return 3
	case "em":
		return 4
	case "font":
		return 5
	case "i":
		return 6
	case "nobr":
		return 7
	case "s":
		return 8
	case "small":
		return 9
	case "strike":
		return 10
	case "strong":
		return 11
	case "tt":
		return 12
	case "u":
		return 13
	}
	return -1
}

// isSpecial reports whether an HTML element is in the special category
// (HTML §13.2.4.3), which stops the end tag of any other element.
func isSpecial(name elementName) bool {
	if isVoidElement(name) || isHeading(name) || tableElement(name) {
		return true
	}
	switch string(name.octets()) {
	case "address", "applet", "article", "aside", "blockquote", "body", "button", "center",
		"dd", "details", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer",
		"form", "frameset", "head", "header", "hgroup", "html", "iframe", "li", "listing", "main",
		"marquee", "menu", "nav", "noembed", "noframes", "noscript", "object", "ol", "p",
		"plaintext", "pre", "script", "section", "select", "style", "summary",
		"template", "textarea", "title", "ul", "xmp":
		return true
	}
	return false
}

// tableElement reports whether an HTML element is a table or a part of
// one.
func tableElement(name elementName) bool {
	switch string(name.octets()) {
	case "caption", "col", "colgroup", "table", "tbody", "td", "tfoot", "th", "thead", "tr":
		return true
	}
	return false
}

func isHeading(name elementName) bool {
	return name.n == 2 && name.name[0] == 'h' && '1' <= name.name[1] && name.name[1] <= '6'
}

func isAddressDivP(name elementName) bool {
	return name.is("address") || name.is("div") || name.is("p")
}

// closesP reports whether an HTML start tag closes a <p> open in button
// scope (HTML §13.2.6.4.7).
func closesP(name elementName) bool {
	if isHeading(name) {
		return true
	}
	switch string(name.octets()) {
	case "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir",
		"div", "dl", "fieldset", "figcaption", "figure", "footer", "form", "header", "hgroup",
		"main", "menu", "nav", "ol", "p", "search", "section", "summary", "ul", "pre",
		"listing", "plaintext", "hr", "xmp", "li", "dd", "dt":
		return true
	}
	return false
}

// isVoidElement reports whether an HTML element has no end tag and no
// content (HTML §13.1.2).
func isVoidElement(name elementName) bool {
	switch string(name.octets()) {
	case "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "image",
		"img", "input", "keygen", "link", "meta", "param", "source", "track", "wbr":
		return true
	}
	return false
}

// breaksOut reports whether a start tag in foreign content is one of the
// HTML elements that end it (HTML §13.2.6.5): <font> only with a color,
// face or size attribute, which it reads.
func breaksOut(z *html.Tokenizer, name elementName) bool {
	switch string(name.octets()) {
	case "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt",
		"em", "embed", "h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li",
		"listing", "menu", "meta", "nobr", "ol", "p", "pre", "ruby", "s", "small", "span",
		"strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var":
		return true
	case "font":
		for more := true; more; {
			var key []byte
			key, _, more = z.TagAttr()
			switch string(key) {
			case "color", "face", "size":
				return true
			}
		}
	}
	return false
}

// isWhitespaceText reports whether the current text token is only HTML
// whitespace, which the head's insertion modes accept.
func isWhitespaceText(z *html.Tokenizer) bool {
	raw := z.Raw()
	if bytes.IndexByte(raw, '&') >= 0 {
		raw = z.Text() // a character reference may stand for a space
	}
	for _, c := range raw {
		if !isHTMLSpace(rune(c)) {
			return false
		}
	}
	return true
}

// metaNameContent returns the name and content of the current meta tag and
// whether it has both.
func metaNameContent(z *html.Tokenizer) (name, content []byte, ok bool) {
	// Attribute names are never character-decoded, so a meta whose raw text
	// lacks "name" has no name attribute; skipping it saves the copies
	// TagAttr makes (most metas are property= or charset=).
	if !containsFoldASCII(z.Raw(), "name") {
		return nil, nil, false
	}
	haveName, haveContent := false, false
	for more := true; more; {
		var key, val []byte
		key, val, more = z.TagAttr()
		switch string(key) {
		case "name":
			name, haveName = val, true
		case "content":
			content, haveContent = val, true
		}
	}
	return name, content, haveName && haveContent
}

// appendLegacy appends d in the legacy grammar.
func (d Directives) appendLegacy(b []byte, explicit bool) []byte {
	if d.Bot != "" {
		b = append(b, d.Bot...)
		b = append(b, ": "...)
	}
	items := 0 // counted, not told by b's length: an Other name may be ""
	item := func(s string) {
		if items > 0 {
			b = append(b, ", "...)
		}
		b = append(b, s...)
		items++
	}
	if explicit {
		if d.NoIndex {
			item("noindex")
		} else {
			item("index")
		}
		if d.NoFollow {
			item("nofollow")
		} else {
			item("follow")
		}
	}
	for _, f := range flagNames {
		if explicit && (f.flag == noIndex || f.flag == noFollow) {
			continue
		}
		if d.flag(f.flag) {
			item(f.name)
		}
	}
	if d.MaxSnippet != nil {
		item("max-snippet: ")
		b = strconv.AppendInt(b, int64(*d.MaxSnippet), 10)
	}
	if d.MaxImagePreview != "" {
		item("max-image-preview: ")
		b = append(b, d.MaxImagePreview...)
	}
	if d.MaxVideoPreview != nil {
		item("max-video-preview: ")
		b = strconv.AppendInt(b, int64(*d.MaxVideoPreview), 10)
	}
	if !d.UnavailableAfter.IsZero() {
		item("unavailable_after: ")
		b = appendRFC850(b, d.UnavailableAfter)
	}
	for _, name := range d.Other {
		item(name)
	}
	if items == 0 {
		b = append(b, "all"...)
	}
	return b
}

// appendRFC850 appends t in UTC in the RFC 850 form of RFC 9110 §5.6.7,
// "Friday, 25-Jun-10 23:00:00 UTC". Two-digit years read back as 1950-2049,
// so other years are written with four digits, which the parser accepts too.
func appendRFC850(b []byte, t time.Time) []byte {
	t = t.UTC()
	if y := t.Year(); y >= 1950 && y <= 2049 {
		return t.AppendFormat(b, "Monday, 02-Jan-06 15:04:05 MST")
	}
	return t.AppendFormat(b, "Monday, 02-Jan-2006 15:04:05 MST")
}

// parseDate reads an unavailable_after value in any form ParseDirectives
// documents and returns it in UTC, whole seconds. time.Parse is not used: it
// reads an unknown zone abbreviation such as PST as UTC without saying so.
func parseDate(s string) (time.Time, bool) {
	s = trimASCIISpace(s)
	if len(s) >= 5 && allDigits(s[:4]) && (s[4] == '-' || len(s) >= 8 && allDigits(s[4:8])) {
		return parseISODate(s)
	}
	// RFC 5322 §3.3 lets a comment follow the zone, as mail writes one:
	// "Fri, 25 Jun 2010 15:00:00 +0000 (UTC)". One, not nested, is skipped.
	if open := strings.LastIndexByte(s, '('); open > 0 && s[len(s)-1] == ')' {
		s = trimASCIISpace(s[:open])
	}
	d := dateCursor{s: s}
	if d.i < len(s) && isAlpha(s[d.i]) {
		if _, ok := weekday(d.alpha()); !ok {
			return time.Time{}, false
		}
		// The weekday is checked for its spelling only, as time.Parse does.
		// RFC 822 §3.1.4 lets white space stand between any two tokens,
		// before the comma too ("Mon , 15 Aug 2005 15:52:01 GMT").
		d.skipSpace()
		d.skipByte(',')
		d.skipSpace()
	}
	day, ok := d.digits(1, 2)
	if !ok {
		return time.Time{}, false
	}
	sep := d.separator()
	if sep == 0 {
		return time.Time{}, false
	}
	month, ok := monthByName(d.alpha())
	if !ok || d.separator() == 0 {
		return time.Time{}, false
	}
	start := d.i
	year, ok := d.digits(2, 4)
	switch {
	case !ok || d.i-start == 3:
		return time.Time{}, false
	case d.i-start == 2:
		// RFC 5322 §4.3: 00-49 is 2000-2049, 50-99 is 1950-1999.
		if year < 50 {
			year += 2000
		} else {
			year += 1900
		}
	}
	hour, min, sec, offset := 0, 0, 0, 0
	d.skipSpace()
	if !d.eof() {
		if hour, min, sec, ok = d.clock(); !ok {
			return time.Time{}, false
		}
		d.skipSpace()
		if !d.eof() {
			if offset, ok = parseZone(s[d.i:]); !ok {
				return time.Time{}, false
			}
		}
	}
	return makeDate(year, month, day, hour, min, sec, offset)
}

// parseISODate reads an RFC 3339 or ISO 8601 date. In the extended form,
// that is YYYY-MM-DD, optionally followed by T (or a space) and
// hh:mm[:ss][.fraction] and a zone; in the basic form of ISO 8601,
// YYYYMMDD, optionally followed by T and hhmm[ss][.fraction] and a zone. A
// fraction, after '.' or ',', is one of the last component: of the minute
// when there are no seconds.
func parseISODate(s string) (time.Time, bool) {
	d := dateCursor{s: s}
	year, _ := d.fixed(4)
	extended := d.skipByte('-')
	month, ok := d.fixed(2)
	if !ok || extended && !d.skipByte('-') {
		return time.Time{}, false
	}
	day, ok := d.fixed(2)
	if !ok || !d.eof() && isDigit(s[d.i]) {
		return time.Time{}, false
	}
	if d.eof() {
		return makeDate(year, time.Month(month), day, 0, 0, 0, 0)
	}
	if c := d.s[d.i]; c != 'T' && c != 't' && (c != ' ' || !extended) {
		return time.Time{}, false
	}
	d.i++
	var hour, min, sec int
	clockStart := d.i
	if extended {
		hour, min, sec, ok = d.clock()
	} else {
		hour, min, sec, ok = d.basicClock()
	}
	if !ok {
		return time.Time{}, false
	}
	// Without seconds, a fraction is one of the minute (ISO 8601 §4.2.2.4:
	// of the last component given): "15:00,5" is 15:00:30.
	withSeconds := strings.Count(s[clockStart:d.i], ":") == 2 || !extended && d.i-clockStart == 6
	if d.skipByte('.') || d.skipByte(',') {
		start := d.i
		for d.i < len(s) && isDigit(s[d.i]) {
			d.i++
		}
		if d.i == start {
			return time.Time{}, false
		}
		if !withSeconds {
			// Seconds of the minute's fraction, of its first nine digits
			// at most; a fraction of a second is dropped, as below. In
			// int64, as 60 times nine digits overflows an int of 32 bits.
			var frac, scale int64 = 0, 1
			for i := start; i < d.i && i < start+9; i++ {
				frac, scale = frac*10+int64(s[i]-'0'), scale*10
			}
			sec = int(frac * 60 / scale)
		}
		// A fraction of a second is dropped: directives are kept to whole
		// seconds, the precision every writer has.
	}
	d.skipSpace()
	offset := 0
	if !d.eof() {
		if offset, ok = parseZone(s[d.i:]); !ok {
			return time.Time{}, false
		}
	}
	return makeDate(year, time.Month(month), day, hour, min, sec, offset)
}

// makeDate checks the fields, a year of 0 to 9999 among them (four digits,
// as RFC 3339 and RFC 5322 write it), and returns the instant in UTC, as
// asUntil takes it: a date before the year 1 is kept as the earliest, as
// the structured field's Date is, and a year past 9999 once the zone is
// applied is refused, since no date form writes it.
func makeDate(year int, month time.Month, day, hour, min, sec, offset int) (time.Time, bool) {
	if year < 0 || month < time.January || month > time.December || day < 1 || day > daysIn(month, year) ||
		hour > 23 || min > 59 || sec > 60 {
		return time.Time{}, false
	}
	t := time.Date(year, month, day, hour, min, sec, 0, time.UTC).Add(-time.Duration(offset) * time.Second)
	return asUntil(t)
}

// asUntil returns t, in whole seconds, as an UnavailableAfter: false past
// the year 9999, and firstDate for any instant before it, so that a date
// long past is not lost (a date in the year 0000, or a year-1 date with a
// zone east of UTC), nor taken for none.
func asUntil(t time.Time) (time.Time, bool) {
	switch {
	case t.Year() > 9999:
		return time.Time{}, false
	case t.Before(firstDate):
		return firstDate, true
	}
	return t.Truncate(time.Second), true
}

// firstDate is the earliest UnavailableAfter: a second after the zero
// time.Time, which means none.
var firstDate = time.Date(1, time.January, 1, 0, 0, 1, 0, time.UTC)

func daysIn(m time.Month, year int) int {
	return time.Date(year, m+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// parseZone reads a time zone that ends the text: a numeric offset (+hhmm,
// +hh:mm, +hh) or one of the names of RFC 5322 §4.3 and "UTC" and "Z",
// mapped explicitly. It returns the offset east of UTC in seconds.
func parseZone(s string) (int, bool) {
	s = trimASCIISpace(s)
	if s == "" {
		return 0, false
	}
	if s[0] == '+' || s[0] == '-' {
		var h, m int
		switch digits := s[1:]; {
		case len(digits) == 2 && allDigits(digits): // +hh
			h = atoi2(digits)
		case len(digits) == 4 && allDigits(digits): // +hhmm
			h, m = atoi2(digits), atoi2(digits[2:])
		case len(digits) == 5 && digits[2] == ':' && allDigits(digits[:2]) && allDigits(digits[3:]): // +hh:mm
			h, m = atoi2(digits), atoi2(digits[3:])
		default:
			return 0, false
		}
		if h > 23 || m > 59 {
			return 0, false
		}
		off := h*3600 + m*60
		if s[0] == '-' {
			off = -off
		}
		return off, true
	}
	for _, z := range zoneNames {
		if equalLower(s, z.name) {
			return z.hours * 3600, true
		}
	}
	return 0, false
}

// zoneNames are the zone names unavailable_after accepts (RFC 5322 §4.3 plus
// UTC), with their offsets in hours.
var zoneNames = [...]struct {
	name  string
	hours int
}{
	{"gmt", 0}, {"utc", 0}, {"ut", 0}, {"z", 0},
	{"est", -5}, {"edt", -4}, {"cst", -6}, {"cdt", -5},
	{"mst", -7}, {"mdt", -6}, {"pst", -8}, {"pdt", -7},
}

var weekdayNames = [...]string{"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"}

// weekday reads a weekday name, abbreviated to three letters or in full.
func weekday(s string) (time.Weekday, bool) {
	for i, name := range weekdayNames {
		if equalLower(s, name) || equalLower(s, name[:3]) {
			return time.Weekday(i), true
		}
	}
	return 0, false
}

var monthNames = [...]string{"january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"}

// monthByName reads a month name, abbreviated to three letters or in full.
func monthByName(s string) (time.Month, bool) {
	for i, name := range monthNames {
		if equalLower(s, name) || equalLower(s, name[:3]) {
			return time.Month(i + 1), true
		}
	}
	return 0, false
}

// dateCursor walks a date's text.
type dateCursor struct {
	s string
	i int
}

func (d *dateCursor) eof() bool { return d.i >= len(d.s) }

func (d *dateCursor) skipByte(c byte) bool {
	if d.i < len(d.s) && d.s[d.i] == c {
		d.i++
		return true
	}
	return false
}

func (d *dateCursor) skipSpace() {
	for d.i < len(d.s) && (d.s[d.i] == ' ' || d.s[d.i] == '\t') {
		d.i++
	}
}

// separator reads the separator between day, month and year: a '-' or a
// run of spaces. It returns 0 when there is none.
func (d *dateCursor) separator() byte {
	if d.skipByte('-') {
		return '-'
	}
	start := d.i
	d.skipSpace()
	if d.i > start {
		return ' '
	}
	return 0
}

func (d *dateCursor) alpha() string {
	start := d.i
	for d.i < len(d.s) && isAlpha(d.s[d.i]) {
		d.i++
	}
	return d.s[start:d.i]
}

// digits reads between min and max decimal digits.
func (d *dateCursor) digits(min, max int) (int, bool) {
	n, start := 0, d.i
	for d.i < len(d.s) && d.i-start < max && isDigit(d.s[d.i]) {
		n = n*10 + int(d.s[d.i]-'0')
		d.i++
	}
	if d.i-start < min || d.i < len(d.s) && isDigit(d.s[d.i]) {
		return 0, false
	}
	return n, true
}

// fixed reads exactly n decimal digits.
func (d *dateCursor) fixed(n int) (int, bool) {
	v := 0
	for range n {
		if d.eof() || !isDigit(d.s[d.i]) {
			return 0, false
		}
		v = v*10 + int(d.s[d.i]-'0')
		d.i++
	}
	return v, true
}

// basicClock reads hhmm with optional ss, the basic form of ISO 8601.
func (d *dateCursor) basicClock() (hour, min, sec int, ok bool) {
	if hour, ok = d.fixed(2); !ok {
		return 0, 0, 0, false
	}
	if min, ok = d.fixed(2); !ok {
		return 0, 0, 0, false
	}
	if !d.eof() && isDigit(d.s[d.i]) {
		if sec, ok = d.fixed(2); !ok {
			return 0, 0, 0, false
		}
	}
	return hour, min, sec, d.eof() || !isDigit(d.s[d.i])
}

// clock reads hh:mm with optional :ss.
func (d *dateCursor) clock() (hour, min, sec int, ok bool) {
	if hour, ok = d.digits(1, 2); !ok || !d.skipByte(':') {
		return 0, 0, 0, false
	}
	if min, ok = d.digits(2, 2); !ok {
		return 0, 0, 0, false
	}
	if d.skipByte(':') {
		if sec, ok = d.digits(2, 2); !ok {
			return 0, 0, 0, false
		}
	}
	return hour, min, sec, true
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// atoi2 reads the two digits that start s.
func atoi2(s string) int { return int(s[0]-'0')*10 + int(s[1]-'0') }

func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// containsFoldASCII reports whether s contains lower, a lower-case ASCII
// string, ignoring ASCII case.
func containsFoldASCII(s []byte, lower string) bool {
	for i := 0; i+len(lower) <= len(s); i++ {
		if equalLower(s[i:i+len(lower)], lower) {
			return true
		}
	}
	return false
}

// lowerString lower-cases the ASCII letters of s, allocating only when s has
// an upper-case letter.
func lowerString(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				b[j] = lowerASCII(b[j])
			}
			return string(b)
		}
	}
	return s
}
