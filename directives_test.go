package robots

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
	"unsafe"

	"github.com/dunglas/httpsfv"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// maxIntDigits is how many digits math.MaxInt has: 19 where int has 64
// bits, 10 where it has 32.
var maxIntDigits = len(strconv.Itoa(math.MaxInt))

// sfvBeyond is the least integer past RFC 8941's, 10^15: a variable, not a
// constant, so that int(sfvBeyond) compiles where int has 32 bits.
var sfvBeyond int64 = 1_000_000_000_000_000

func utc(year int, month time.Month, day, hour, min, sec int) time.Time {
	return time.Date(year, month, day, hour, min, sec, 0, time.UTC)
}

// show prints every field of d, so that a failure says exactly what differs.
func show(d Directives) string {
	var b strings.Builder
	b.WriteString("{")
	field := func(name, value string) {
		if b.Len() > 1 {
			b.WriteString(" ")
		}
		b.WriteString(name + ":" + value)
	}
	if d.Bot != "" {
		field("Bot", strconv.Quote(d.Bot))
	}
	for _, f := range []struct {
		name string
		on   bool
	}{
		{"NoIndex", d.NoIndex}, {"NoFollow", d.NoFollow}, {"NoArchive", d.NoArchive},
		{"NoSnippet", d.NoSnippet}, {"NoImageIndex", d.NoImageIndex}, {"NoTranslate", d.NoTranslate},
	} {
		if f.on {
			field(f.name, "true")
		}
	}
	if d.MaxSnippet != nil {
		field("MaxSnippet", strconv.Itoa(*d.MaxSnippet))
	}
	if d.MaxVideoPreview != nil {
		field("MaxVideoPreview", strconv.Itoa(*d.MaxVideoPreview))
	}
	if d.MaxImagePreview != "" {
		field("MaxImagePreview", strconv.Quote(d.MaxImagePreview))
	}
	if !d.UnavailableAfter.IsZero() {
		field("UnavailableAfter", d.UnavailableAfter.Format(time.RFC3339Nano))
		if d.UnavailableAfter.Location() != time.UTC {
			field("Location", d.UnavailableAfter.Location().String())
		}
	}
	if d.Other != nil {
		field("Other", fmt.Sprintf("%q", d.Other))
	}
	b.WriteString("}")
	return b.String()
}

func showAll(ds []Directives) string {
	if ds == nil {
		return "nil"
	}
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = show(d)
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// same compares sets field by field; a time compares by instant and
// location, so that a UTC promise is checked.
func same(a, b []Directives) bool {
	return showAll(a) == showAll(b) && reflect.DeepEqual(a, b)
}

func TestParseDirectives(t *testing.T) {
	tests := []struct {
		name  string
		value string
		want  []Directives
	}{
		// Items, separators, case.
		{"empty", "", nil},
		{"blank", "  \t ", nil},
		{"noindex", "noindex", []Directives{{NoIndex: true}}},
		{"two flags", "noindex, nofollow", []Directives{{NoIndex: true, NoFollow: true}}},
		{"no space after comma", "noindex,nofollow", []Directives{{NoIndex: true, NoFollow: true}}},
		{"semicolon separates", "noindex;nofollow", []Directives{{NoIndex: true, NoFollow: true}}},
		{"empty items skipped", ",noindex,, ,;nofollow,", []Directives{{NoIndex: true, NoFollow: true}}},
		{"case-insensitive names", " NoIndex , NOFOLLOW ", []Directives{{NoIndex: true, NoFollow: true}}},
		{"every flag", "noarchive, nosnippet, noimageindex, notranslate",
			[]Directives{{NoArchive: true, NoSnippet: true, NoImageIndex: true, NoTranslate: true}}},
		{"none is noindex nofollow", "none", []Directives{{NoIndex: true, NoFollow: true}}},
		{"each flag is its own", "noimageindex", []Directives{{NoImageIndex: true}}},
		{"NONE upper", "NONE", []Directives{{NoIndex: true, NoFollow: true}}},
		{"nocache is noarchive", "nocache", []Directives{{NoArchive: true}}},
		{"all restricts nothing", "all", []Directives{{}}},
		{"index follow restrict nothing", "index, follow", []Directives{{}}},
		{"all never reaches Other", "all, index, follow, noindex", []Directives{{NoIndex: true}}},
		{"conflict: most restrictive", "ALL,INDEX,NOINDEX,NOFOLLOW,FOLLOW,FOLLOW,NONE",
			[]Directives{{NoIndex: true, NoFollow: true}}},
		{"unknown names kept lower-cased once", "noodp, NOODP, noydir, NoAI",
			[]Directives{{Other: []string{"noodp", "noydir", "noai"}}}},
		{"unknown with spaces", "ACAP allow-index", []Directives{{Other: []string{"acap allow-index"}}}},
		{"unknown non-ASCII lower-cased by Unicode", "NOÉ, noé, ÑOAI", []Directives{{Other: []string{"noé", "ñoai"}}}},
		{"unknown not UTF-8: ASCII lower-cased, octets kept", "NO\xc9, no\xc9", []Directives{{Other: []string{"no\xc9"}}}},
		{"unknown that Unicode would lower-case into a directive", "NOİNDEX, İndex, noİndex", []Directives{{Other: []string{"noİndex", "İndex"}}}},
		{"unknown that Unicode would lower-case into a valued directive", "MAX-SNİPPET, Max-Vİdeo-Preview", []Directives{{Other: []string{"max-snİppet", "max-vİdeo-preview"}}}},
		{"space-separated is one unknown item", "noindex nofollow", []Directives{{Other: []string{"noindex nofollow"}}}},

		// Bot scopes.
		{"scoped", "examplebot: noindex", []Directives{{Bot: "examplebot", NoIndex: true}}},
		{"scope without space", "examplebot:noindex", []Directives{{Bot: "examplebot", NoIndex: true}}},
		{"scope lasts to the next scope", "examplebot: noindex, nofollow",
			[]Directives{{Bot: "examplebot", NoIndex: true, NoFollow: true}}},
		{"unscoped then scoped", "noindex, examplebot: nofollow",
			[]Directives{{NoIndex: true}, {Bot: "examplebot", NoFollow: true}}},
		{"two scopes", "examplebot: noindex, otherbot: nofollow, noarchive",
			[]Directives{{Bot: "examplebot", NoIndex: true}, {Bot: "otherbot", NoFollow: true, NoArchive: true}}},
		{"robots: means every bot", "examplebot: noindex, robots: nofollow",
			[]Directives{{Bot: "examplebot", NoIndex: true}, {NoFollow: true}}},
		{"ROBOTS: any case", "ROBOTS: noindex", []Directives{{NoIndex: true}}},
		{"bot name lower-cased", "ExampleBot: NoIndex", []Directives{{Bot: "examplebot", NoIndex: true}}},
		{"same bot merged", "examplebot: noindex, otherbot: noarchive, EXAMPLEBOT: nofollow",
			[]Directives{{Bot: "examplebot", NoIndex: true, NoFollow: true}, {Bot: "otherbot", NoArchive: true}}},
		{"hyphenated bot is its own bot", "examplebot-news: noindex", []Directives{{Bot: "examplebot-news", NoIndex: true}}},
		{"scope with all appears empty", "examplebot: all", []Directives{{Bot: "examplebot"}}},
		{"scope with nothing appears empty", "examplebot:", []Directives{{Bot: "examplebot"}}},
		{"robots: with nothing appears empty, as every scope does", "robots:", []Directives{{}}},
		{"robots: opens every bot's set where it stands", "examplebot: noindex, robots:", []Directives{{Bot: "examplebot", NoIndex: true}, {}}},
		{"order of first appearance", "otherbot: noindex, nofollow, examplebot: none, robots: noarchive",
			[]Directives{{Bot: "otherbot", NoIndex: true, NoFollow: true}, {Bot: "examplebot", NoIndex: true, NoFollow: true}, {NoArchive: true}}},
		{"empty bot name names nobody", ": noindex, nofollow", []Directives{{NoFollow: true}}},
		{"nested scope", "examplebot: otherbot: noindex", []Directives{{Bot: "examplebot"}, {Bot: "otherbot", NoIndex: true}}},

		// Valued directives.
		{"max-snippet", "max-snippet: 20", []Directives{{MaxSnippet: new(20)}}},
		{"max-snippet no space", "max-snippet:20", []Directives{{MaxSnippet: new(20)}}},
		{"max-snippet no limit", "max-snippet:-1", []Directives{{MaxSnippet: new(-1)}}},
		{"max-snippet zero", "max-snippet: 0", []Directives{{MaxSnippet: new(0)}}},
		{"max-snippet upper case", "MAX-SNIPPET: 7", []Directives{{MaxSnippet: new(7)}}},
		{"max-snippet space before colon", "max-snippet : 5", []Directives{{MaxSnippet: new(5)}}},
		{"max-snippet below -1 ignored", "max-snippet: -2", []Directives{{}}},
		{"max-snippet abc ignored", "max-snippet: abc, noindex", []Directives{{NoIndex: true}}},
		{"max-snippet trailing junk ignored", "max-snippet: 20px", []Directives{{}}},
		{"max-snippet decimal ignored", "max-snippet: 2.5", []Directives{{}}},
		{"max-snippet plus sign ignored", "max-snippet: +5", []Directives{{}}},
		{"max-snippet empty value ignored", "max-snippet:", []Directives{{}}},
		{"max-snippet without value ignored", "max-snippet", []Directives{{}}},
		{"max-snippet overflow ignored", "max-snippet: 99999999999999999999", []Directives{{}}},
		// The range is int's, whose width the platform sets: 2^63-1 or 2^31-1.
		{"max-snippet one past the largest int ignored", "max-snippet: " + strconv.FormatUint(math.MaxInt+1, 10), []Directives{{}}},
		{"max-snippet largest int", "max-snippet: " + strconv.Itoa(math.MaxInt), []Directives{{MaxSnippet: new(math.MaxInt)}}},
		{"max-snippet as many digits as the largest int", "max-snippet: 1" + strings.Repeat("0", maxIntDigits-1), []Directives{{MaxSnippet: new(pow(10, maxIntDigits-1))}}},
		{"max-snippet leading zeros", "max-snippet: 0000000000000000020", []Directives{{MaxSnippet: new(20)}}},
		{"max-snippet minus zero is zero", "max-snippet: -0", []Directives{{MaxSnippet: new(0)}}},
		{"max-snippet minus one with a leading zero", "max-video-preview: -01", []Directives{{MaxVideoPreview: new(-1)}}},
		{"max-snippet lone minus ignored", "max-snippet: -", []Directives{{}}},
		{"max-snippet double minus ignored", "max-snippet: --1", []Directives{{}}},
		{"max-snippet smaller wins", "max-snippet: 50, max-snippet: 20", []Directives{{MaxSnippet: new(20)}}},
		{"max-snippet limit beats no limit", "max-snippet: -1, max-snippet: 50", []Directives{{MaxSnippet: new(50)}}},
		{"max-snippet no limit loses", "max-snippet: 50, max-snippet: -1", []Directives{{MaxSnippet: new(50)}}},
		{"max-video-preview", "max-video-preview: 15", []Directives{{MaxVideoPreview: new(15)}}},
		{"max-video-preview no limit", "max-video-preview: -1", []Directives{{MaxVideoPreview: new(-1)}}},
		{"max-image-preview none", "max-image-preview: none", []Directives{{MaxImagePreview: "none"}}},
		{"max-image-preview standard", "max-image-preview: standard", []Directives{{MaxImagePreview: "standard"}}},
		{"max-image-preview LARGE", "max-image-preview:LARGE", []Directives{{MaxImagePreview: "large"}}},
		{"max-image-preview NONE", "max-image-preview: NONE", []Directives{{MaxImagePreview: "none"}}},
		{"max-image-preview Standard", "max-image-preview: Standard", []Directives{{MaxImagePreview: "standard"}}},
		{"max-image-preview unknown ignored", "max-image-preview: huge", []Directives{{}}},
		{"max-image-preview lowest wins", "max-image-preview: large, max-image-preview: standard, max-image-preview: large",
			[]Directives{{MaxImagePreview: "standard"}}},
		{"scoped limit", "examplebot: max-snippet: 20", []Directives{{Bot: "examplebot", MaxSnippet: new(20)}}},
		{"scoped limits and flags", "examplebot: max-snippet: 20, max-image-preview: none, nofollow",
			[]Directives{{Bot: "examplebot", NoFollow: true, MaxSnippet: new(20), MaxImagePreview: "none"}}},
		{"valued directive does not open a scope", "max-snippet: 20, noindex",
			[]Directives{{NoIndex: true, MaxSnippet: new(20)}}},
		{"flag name with colon is a scope", "noindex: nofollow", []Directives{{Bot: "noindex", NoFollow: true}}},
		{"real-world mix", "follow,index,max-snippet:-1,max-video-preview:-1,max-image-preview:large",
			[]Directives{{MaxSnippet: new(-1), MaxVideoPreview: new(-1), MaxImagePreview: "large"}}},

		// unavailable_after.
		{"date PST", "unavailable_after: 25 Jun 2010 15:00:00 PST",
			[]Directives{{UnavailableAfter: utc(2010, 6, 25, 23, 0, 0)}}},
		{"weekday comma does not split", "unavailable_after: Wed, 25 Jun 2025 15:00:00 GMT, noarchive",
			[]Directives{{NoArchive: true, UnavailableAfter: utc(2025, 6, 25, 15, 0, 0)}}},
		{"the item after such a date read whole, with no space", "unavailable_after: Wed, 25 Jun 2025 15:00:00 GMT,noindex",
			[]Directives{{NoIndex: true, UnavailableAfter: utc(2025, 6, 25, 15, 0, 0)}}},
		{"RFC 850 weekday comma", "noindex, unavailable_after: Monday, 15-Aug-05 15:52:01 UTC",
			[]Directives{{NoIndex: true, UnavailableAfter: utc(2005, 8, 15, 15, 52, 1)}}},
		{"a space before the weekday comma does not split either", "unavailable_after: Monday , 15-Aug-05 15:52:01 UTC, noindex",
			[]Directives{{NoIndex: true, UnavailableAfter: utc(2005, 8, 15, 15, 52, 1)}}},
		{"scoped date with weekday", "examplebot: unavailable_after: Wed, 25 Jun 2025 15:00:00 GMT; nosnippet",
			[]Directives{{Bot: "examplebot", NoSnippet: true, UnavailableAfter: utc(2025, 6, 25, 15, 0, 0)}}},
		{"earliest date wins", "unavailable_after: 2030-01-01, unavailable_after: 25 Jun 2010 15:00:00 PST",
			[]Directives{{UnavailableAfter: utc(2010, 6, 25, 23, 0, 0)}}},
		{"bad date ignored, not Other", "unavailable_after: someday", []Directives{{}}},
		{"date without value ignored", "unavailable_after", []Directives{{}}},
		{"unavailable-after is no directive: a scope", "unavailable-after: 2025-06-25",
			[]Directives{{Bot: "unavailable-after", Other: []string{"2025-06-25"}}}},
		{"scoped bad value opens only the scope", "examplebot: max-snippet: x", []Directives{{Bot: "examplebot"}}},
		{"weekday then no date keeps the next item", "unavailable_after: Wed, noindex", []Directives{{NoIndex: true}}},
		// What follows a weekday that starts no date is read as items,
		// a scope among them: ab's, not every bot's.
		{"a scope after a weekday that starts no date", "unavailable_after: Wed, ab:, noindex",
			[]Directives{{}, {Bot: "ab", NoIndex: true}}},
		{"a name after a weekday that starts no date", "unavailable_after: Wed, xy", []Directives{{Other: []string{"xy"}}}},
		{"a scope naming no bot ends its item, a weekday after it too", ": unavailable_after: Wed, noindex", []Directives{{NoIndex: true}}},
		{"an item naming no bot is dropped, the scope before it goes on", "examplebot: noarchive, : nofollow, nosnippet",
			[]Directives{{Bot: "examplebot", NoArchive: true, NoSnippet: true}}},
		{"broken date after a weekday is dropped whole", "unavailable_after: Wed, 32 Jun 2025 15:00:00 GMT, noindex", []Directives{{NoIndex: true}}},
		{"unknown weekday drops the date whole", "unavailable_after: Fry, 25 Jun 2010 15:00:00 GMT", []Directives{{}}},
		// ISO 8601 writes a decimal comma too: a comma before a digit
		// continues the date.
		{"decimal comma does not split", "unavailable_after: 2025-06-25T15:00:00,5+02:00, noindex",
			[]Directives{{NoIndex: true, UnavailableAfter: utc(2025, 6, 25, 13, 0, 0)}}},
		{"decimal comma in the basic form, scoped", "examplebot: unavailable_after: 20100625T150000,5+0200, noarchive",
			[]Directives{{Bot: "examplebot", NoArchive: true, UnavailableAfter: utc(2010, 6, 25, 13, 0, 0)}}},
		{"a date's own comma: the date ignored, not Other", "unavailable_after: June 25, 2010, nofollow",
			[]Directives{{NoFollow: true}}},
		{"a date's own comma in a scope", "examplebot: unavailable_after: June 25, 2010, noindex",
			[]Directives{{Bot: "examplebot", NoIndex: true}}},
		{"a weekday then a month: the date ignored, not Other", "unavailable_after: Wednesday, June 25, 2025, noindex",
			[]Directives{{NoIndex: true}}},
		{"a weekday then an abbreviated month", "unavailable_after: Wed, Jun 25 2025, nofollow", []Directives{{NoFollow: true}}},
		{"a weekday then a month alone is no date's rest", "unavailable_after: Wed, May, noindex",
			[]Directives{{NoIndex: true, Other: []string{"may"}}}},
		{"a weekday then a scope named like a month", "unavailable_after: Wed, Junebot: noindex",
			[]Directives{{}, {Bot: "junebot", NoIndex: true}}},
		{"a weekday, a month, then a scope", "unavailable_after: Wednesday, June 25, 2025, 360spider: noindex",
			[]Directives{{}, {Bot: "360spider", NoIndex: true}}},
		// String writes a date with its weekday: an unknown name after it,
		// digits alone too, must read back.
		{"digits after a whole weekday date are an unknown name", "unavailable_after: Wed, 25 Jun 2025 15:00:00 GMT, 5, noarchive",
			[]Directives{{NoArchive: true, UnavailableAfter: utc(2025, 6, 25, 15, 0, 0), Other: []string{"5"}}}},
		{"digits after a broken weekday date are dropped", "unavailable_after: Wednesday, June 25, 2025 3:00 PM, 12, noarchive",
			[]Directives{{NoArchive: true}}},
		{"digits after a whole date are dropped, not Other", "unavailable_after: 25 Jun 2010 15:00:00 GMT, 2010, nofollow",
			[]Directives{{NoFollow: true, UnavailableAfter: utc(2010, 6, 25, 15, 0, 0)}}},
		// A comma between a date and a scope whose name starts with a digit
		// (header lines joined by an intermediary) still ends the date.
		{"a scope starting with a digit after a date", "unavailable_after: 2025-06-25, 360spider: noindex, nofollow",
			[]Directives{{UnavailableAfter: utc(2025, 6, 25, 0, 0, 0)}, {Bot: "360spider", NoIndex: true, NoFollow: true}}},
		{"a scope starting with a digit after an RFC 1123 date", "unavailable_after: Wed, 25 Jun 2025 15:00:00 GMT, 360spider: noindex",
			[]Directives{{UnavailableAfter: utc(2025, 6, 25, 15, 0, 0)}, {Bot: "360spider", NoIndex: true}}},
		// The rest of a broken date is no scope, though it holds colons.
		{"a broken date's time and zone", "unavailable_after: June 25, 2010 3:00 PM EST, noindex",
			[]Directives{{NoIndex: true}}},
		{"a time after the date's comma", "unavailable_after: 25 Jun 2010, 15:00:00 PST, noindex",
			[]Directives{{NoIndex: true, UnavailableAfter: utc(2010, 6, 25, 0, 0, 0)}}},
		{"a broken date's zone is not Other", "unavailable_after: June 25, 2010 15:00:00 PST", []Directives{{}}},
		// What follows a date's comma is read with the same care.
		{"a scope after a date, with a weekday date of its own",
			"unavailable_after: 2025-06-25, 360spider: unavailable_after: Wed, 25 Jun 2025 15:00:00 GMT",
			[]Directives{{UnavailableAfter: utc(2025, 6, 25, 0, 0, 0)}, {Bot: "360spider", UnavailableAfter: utc(2025, 6, 25, 15, 0, 0)}}},
		{"a scope starting with a digit after a weekday", "unavailable_after: Wed, 360spider: noindex",
			[]Directives{{}, {Bot: "360spider", NoIndex: true}}},
		{"robots: behind a scope starting with a digit", "unavailable_after: 2025-06-25, 1: robots: nofollow",
			[]Directives{{NoFollow: true, UnavailableAfter: utc(2025, 6, 25, 0, 0, 0)}, {Bot: "1"}}},
		// A digit-led item after a date's comma is a name when it holds
		// three letters: kept in Other. With two it is the date's rest.
		{"a digit-led name of three letters after a date", "unavailable_after: 2025-06-25, 1abc",
			[]Directives{{UnavailableAfter: utc(2025, 6, 25, 0, 0, 0), Other: []string{"1abc"}}}},
		{"a digit-led item of two letters after a date is its rest", "unavailable_after: 2025-06-25, 1ab",
			[]Directives{{UnavailableAfter: utc(2025, 6, 25, 0, 0, 0)}}},
		{"a digit-led name of three upper-case letters after a date", "unavailable_after: 2025-06-25, 1ABC",
			[]Directives{{UnavailableAfter: utc(2025, 6, 25, 0, 0, 0), Other: []string{"1abc"}}}},
		{"a time with a zone letter after a date's comma", "unavailable_after: 2010-06-25, 15:00:00Z, noindex",
			[]Directives{{NoIndex: true, UnavailableAfter: utc(2010, 6, 25, 0, 0, 0)}}},
		{"after a broken fraction the date before the comma is kept, the rest dropped, not a scope", "unavailable_after: 2025-06-25T15:00:00,5+25:00, noindex",
			[]Directives{{NoIndex: true, UnavailableAfter: utc(2025, 6, 25, 15, 0, 0)}}},
		{"real-world RFC 3339 with trailing space", "index,follow,noarchive,unavailable_after: 2025-11-06T10:14:16+01:00 ",
			[]Directives{{NoArchive: true, UnavailableAfter: utc(2025, 11, 6, 9, 14, 16)}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := ParseDirectives(tc.value)
			if !same(got, tc.want) {
				t.Errorf("ParseDirectives(%q) = %s, want %s", tc.value, showAll(got), showAll(tc.want))
			}
		})
	}
}

func TestParseDirectivesDates(t *testing.T) {
	want := utc(2010, 6, 25, 15, 0, 0)
	tests := []struct {
		name  string
		value string
		want  time.Time // zero: the directive is ignored
	}{
		// RFC 3339 and ISO 8601.
		{"RFC 3339 Z", "2010-06-25T15:00:00Z", want},
		{"RFC 3339 lower-case t and z", "2010-06-25t15:00:00z", want},
		{"RFC 3339 offset", "2010-06-25T17:00:00+02:00", want},
		{"ISO offset without colon", "2010-06-25T08:00:00-0700", want},
		{"ISO offset hours only", "2010-06-25T17:00:00+02", want},
		{"fraction dropped", "2010-06-25T15:00:00.987654321Z", want},
		{"no seconds", "2010-06-25T15:00Z", want},
		{"space instead of T", "2010-06-25 15:00:00Z", want},
		{"no zone is UTC", "2010-06-25T15:00:00", want},
		{"bare date is midnight UTC", "2010-06-25", utc(2010, 6, 25, 0, 0, 0)},
		{"ISO with zone name", "2010-06-25T07:00:00 PST", want},
		{"ISO one-digit month", "2010-6-25", time.Time{}},
		{"ISO hour 24", "2010-06-25T24:00:00Z", time.Time{}},
		{"ISO minute 60", "2010-06-25T15:60:00Z", time.Time{}},
		{"ISO February 30", "2010-02-30", time.Time{}},
		{"ISO February 29 in a leap year", "2012-02-29", utc(2012, 2, 29, 0, 0, 0)},
		{"ISO February 29 otherwise", "2011-02-29", time.Time{}},
		{"ISO bad zone", "2010-06-25T15:00:00+25:00", time.Time{}},
		// RFC 3339 §5.6: an offset's hours run 00-23.
		{"ISO zone hour 24", "2010-06-25T15:00:00+24:00", time.Time{}},
		{"ISO zone minute 60", "2010-06-25T15:00:00+01:60", time.Time{}},
		{"ISO junk after", "2010-06-25T15:00:00Z junk", time.Time{}},
		// ISO 8601 forms the doc says are not read.
		{"ISO week date", "2010-W25-5", time.Time{}},
		{"ISO ordinal date", "2010-176", time.Time{}},
		{"ISO hour alone", "2010-06-25T15", time.Time{}},
		{"ISO hour alone with a zone", "2010-06-25T15Z", time.Time{}},
		// RFC 3339's date-fullyear is four digits: 0000 is a date, long
		// past, kept as the earliest, as ParseRobotsTag keeps a Date
		// before it.
		{"year zero kept as the earliest", "0000-01-01", utc(1, 1, 1, 0, 0, 1)},
		{"year zero with a time", "0000-06-01T00:00:00Z", utc(1, 1, 1, 0, 0, 1)},
		{"year zero February 29 (a leap year)", "0000-02-29", utc(1, 1, 1, 0, 0, 1)},
		{"year zero February 30", "0000-02-30", time.Time{}},
		{"year zero month zero", "0000-00-00", time.Time{}},
		{"RFC 822 year zero", "31 Dec 0000 23:00:00 GMT", utc(1, 1, 1, 0, 0, 1)},
		// The zero time.Time's instant would read as no directive: a
		// second later keeps it, long past.
		{"the zero instant kept, a second later", "0001-01-01T00:00:00Z", utc(1, 1, 1, 0, 0, 1)},
		{"the zero instant with an offset", "0001-01-01T01:00:00+01:00", utc(1, 1, 1, 0, 0, 1)},
		{"a second after the zero instant", "0001-01-01T00:00:01Z", utc(1, 1, 1, 0, 0, 1)},
		{"a year-1 date east of UTC, in year 0", "0001-01-01T00:00:00+00:01", utc(1, 1, 1, 0, 0, 1)},
		{"an RFC 822 year-1 date east of UTC", "01 Jan 0001 00:00:00 +0100", utc(1, 1, 1, 0, 0, 1)},
		{"year 10000 once the zone is applied", "9999-12-31T23:00:00-02:00", time.Time{}},
		{"ISO basic", "20100625T150000Z", want},
		{"ISO basic no seconds", "20100625T1500Z", want},
		{"ISO basic hour alone", "20100625T15Z", time.Time{}}, // T and hhmm[ss]
		{"ISO basic offset", "20100625T170000+0200", want},
		{"ISO basic fraction", "20100625T150000.5Z", want},
		{"ISO basic no zone", "20100625T150000", want},
		// ISO 8601 §4.2.2.4: a fraction is one of the last component given.
		{"ISO fraction of a minute", "2010-06-25T15:00,5Z", utc(2010, 6, 25, 15, 0, 30)},
		{"ISO fraction of a minute, a point", "2010-06-25T14:59.75+00:00", utc(2010, 6, 25, 14, 59, 45)},
		{"ISO basic fraction of a minute", "20100625T1500.5Z", utc(2010, 6, 25, 15, 0, 30)},
		{"ISO fraction of a minute, long, whole seconds kept", "2010-06-25T15:00,99999999999999Z", utc(2010, 6, 25, 15, 0, 59)},
		// Its first nine digits count: 0.016666667 of a minute is 1.00000002 s.
		{"ISO fraction of a minute, nine digits read", "2010-06-25T15:00,016666667Z", utc(2010, 6, 25, 15, 0, 1)},
		{"ISO fraction of a second after seconds", "2010-06-25T15:00:00,9Z", want},
		{"ISO basic bare date", "20100625", utc(2010, 6, 25, 0, 0, 0)},
		{"ISO basic lower-case t", "20100625t150000z", want},
		{"ISO basic with space", "20100625 150000Z", time.Time{}},
		{"ISO basic and extended mixed", "20100625T15:00:00Z", time.Time{}},
		{"ISO basic one digit too many", "201006251", time.Time{}},
		{"ISO basic odd time", "20100625T15000Z", time.Time{}},
		{"ISO basic month 13", "20101325", time.Time{}},
		{"ISO extended day with a digit more", "2010-06-251", time.Time{}},
		{"ISO fraction with no digits", "2010-06-25T15:00:00.Z", time.Time{}},
		{"ISO offset of one digit", "2010-06-25T15:00:00+5", time.Time{}},
		{"ISO basic hour of one digit", "20100625T1", time.Time{}},
		{"ISO minutes of one digit", "2010-06-25T15:0", time.Time{}},
		{"ISO seconds of one digit", "2010-06-25T15:00:0", time.Time{}},

		// RFC 1123 and RFC 822.
		{"RFC 1123", "Fri, 25 Jun 2010 15:00:00 GMT", want},
		{"RFC 1123 without weekday", "25 Jun 2010 15:00:00 GMT", want},
		{"RFC 5322 with a comment after the zone", "Fri, 25 Jun 2010 15:00:00 +0000 (UTC)", want},
		{"RFC 5322 with a comment, no space", "25 Jun 2010 10:00:00 -0500(CDT)", want},
		{"a comment alone", "(UTC)", time.Time{}},
		{"a comment not at the end", "25 Jun 2010 (x) 15:00:00 GMT", time.Time{}},
		{"a nested comment", "25 Jun 2010 15:00:00 GMT ((UTC))", time.Time{}},
		{"RFC 822 two-digit year", "Fri, 25 Jun 10 15:00:00 GMT", want},
		{"two-digit year 99 is 1999", "25 Jun 99 15:00:00 GMT", utc(1999, 6, 25, 15, 0, 0)},
		{"two-digit year 49 is 2049", "25 Jun 49 15:00:00 GMT", utc(2049, 6, 25, 15, 0, 0)},
		{"two-digit year 50 is 1950", "25 Jun 50 15:00:00 GMT", utc(1950, 6, 25, 15, 0, 0)},
		{"three-digit year", "25 Jun 010 15:00:00 GMT", time.Time{}},
		{"five-digit year", "25 Jun 20101 15:00:00 GMT", time.Time{}},
		{"six digits where year and hour run together", "25 Jun 201015:00:00 GMT", time.Time{}},
		{"numeric zone", "25 Jun 2010 17:00:00 +0200", want},
		{"negative numeric zone", "25 Jun 2010 11:30:00 -0330", want},
		{"numeric zone hour 24", "25 Jun 2010 15:00:00 +2400", time.Time{}},
		{"numeric zone 23:59", "26 Jun 2010 14:59:00 +2359", want},
		{"no seconds RFC 822", "25 Jun 2010 15:00 GMT", want},
		{"one-digit day", "5 Jun 2010 15:00:00 GMT", utc(2010, 6, 5, 15, 0, 0)},
		// RFC 5322 §3.2.2: folding white space, runs of spaces and tabs.
		{"tabs between fields", "25\tJun\t2010\t15:00:00\tGMT", want},
		{"runs of spaces between fields", "25  Jun  2010  15:00:00  GMT", want},
		{"full month name", "25 June 2010 15:00:00 GMT", want},
		{"no zone is UTC RFC 822", "25 Jun 2010 15:00:00", want},
		{"date only RFC 822", "25 Jun 2010", utc(2010, 6, 25, 0, 0, 0)},
		{"no space between day, month and year", "25Jun2010", time.Time{}},
		{"wrong weekday only checked for spelling", "Mon, 25 Jun 2010 15:00:00 GMT", want},
		{"unknown weekday", "Fry, 25 Jun 2010 15:00:00 GMT", time.Time{}},
		{"weekday of four letters", "Thur, 24 Jun 2010 15:00:00 GMT", time.Time{}},
		{"unknown month", "25 Jux 2010 15:00:00 GMT", time.Time{}},
		{"June 31", "31 Jun 2010 15:00:00 GMT", time.Time{}},
		{"hour 25", "25 Jun 2010 25:00:00 GMT", time.Time{}},
		{"leap second", "30 Jun 2012 23:59:60 GMT", utc(2012, 7, 1, 0, 0, 0)},

		// RFC 850 and the dashed form.
		{"RFC 850", "Friday, 25-Jun-10 15:00:00 GMT", want},
		{"RFC 850 four-digit year", "Friday, 25-Jun-2010 15:00:00 GMT", want},
		{"dashed without weekday", "25-Jun-2010 10:00:00 EST", want},
		{"RFC 850 UTC", "Monday, 15-Aug-05 15:52:01 UTC", utc(2005, 8, 15, 15, 52, 1)},
		{"a space before the weekday's comma (RFC 822 §3.1.4)", "Mon , 15 Aug 2005 15:52:01 GMT", utc(2005, 8, 15, 15, 52, 1)},
		{"a weekday without its comma", "Mon 15 Aug 2005 15:52:01 GMT", utc(2005, 8, 15, 15, 52, 1)},

		// Case and zones.
		{"lower case names", "fri, 25 jun 2010 08:00:00 pdt", want},
		{"upper case names", "FRIDAY, 25-JUN-2010 08:00:00 PDT", want},
		{"UT", "25 Jun 2010 15:00:00 UT", want},
		{"UTC", "25 Jun 2010 15:00:00 UTC", want},
		{"Z", "25 Jun 2010 15:00:00 Z", want},
		{"EST", "25 Jun 2010 10:00:00 EST", want},
		{"EDT", "25 Jun 2010 11:00:00 EDT", want},
		{"CST", "25 Jun 2010 09:00:00 CST", want},
		{"CDT", "25 Jun 2010 10:00:00 CDT", want},
		{"MST", "25 Jun 2010 08:00:00 MST", want},
		{"MDT", "25 Jun 2010 09:00:00 MDT", want},
		{"PST", "25 Jun 2010 07:00:00 PST", want},
		{"PDT", "25 Jun 2010 08:00:00 PDT", want},
		{"unknown zone CET ignored", "25 Jun 2010 15:00:00 CET", time.Time{}},
		{"unknown zone ignored", "25 Jun 2010 15:00:00 XYZ", time.Time{}},
		{"military zone ignored", "25 Jun 2010 15:00:00 A", time.Time{}},
		{"junk after zone", "25 Jun 2010 15:00:00 GMT junk", time.Time{}},
		{"nonsense", "tomorrow", time.Time{}},
		{"number", "1277478000", time.Time{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			value := "unavailable_after: " + tc.value
			want := []Directives{{UnavailableAfter: tc.want}}
			got := ParseDirectives(value)
			if !same(got, want) {
				t.Errorf("ParseDirectives(%q) = %s, want %s", value, showAll(got), showAll(want))
			}
		})
	}
}

func TestParseRobotsTag(t *testing.T) {
	tests := []struct {
		name    string
		lines   []string
		want    []Directives
		wantErr bool
	}{
		{"no field", nil, nil, false},
		{"empty field", []string{""}, nil, false},
		{"global", []string{"*;noindex"}, []Directives{{NoIndex: true}}, false},
		{"draft example", []string{"*;nosnippet, ExampleBot;noindex"},
			[]Directives{{NoSnippet: true}, {Bot: "examplebot", NoIndex: true}}, false},
		{"lines combined", []string{"*;noindex", "examplebot;nofollow"},
			[]Directives{{NoIndex: true}, {Bot: "examplebot", NoFollow: true}}, false},
		{"empty line skipped", []string{"", "*;noindex", " "}, []Directives{{NoIndex: true}}, false},
		{"same token merged", []string{"examplebot;noindex, *;nosnippet, examplebot;nofollow"},
			[]Directives{{Bot: "examplebot", NoIndex: true, NoFollow: true}, {NoSnippet: true}}, false},
		{"surrounding spaces", []string{"  *;noindex  "}, []Directives{{NoIndex: true}}, false},
		{"?1 is on", []string{"*;noindex=?1"}, []Directives{{NoIndex: true}}, false},
		{"?0 is off", []string{"*;noindex=?0;nofollow"}, []Directives{{NoFollow: true}}, false},
		{"flag given a token ignored", []string{"*;noindex=yes"}, []Directives{{}}, false},
		// RFC 9651 §4.2.3.2: a parameter key given again overwrites its value.
		{"last value of a key wins, off", []string{"*;noindex;noindex=?0"}, []Directives{{}}, false},
		{"last value of a key wins, on", []string{"*;noindex=?0;noindex"}, []Directives{{NoIndex: true}}, false},
		{"none", []string{"*;none"}, []Directives{{NoIndex: true, NoFollow: true}}, false},
		{"nocache", []string{"*;nocache"}, []Directives{{NoArchive: true}}, false},
		{"all restricts nothing", []string{"*;all;index;follow"}, []Directives{{}}, false},
		{"bare token", []string{"examplebot"}, []Directives{{Bot: "examplebot"}}, false},
		{"limits", []string{"*;max-snippet=20;max-video-preview=-1;max-image-preview=large"},
			[]Directives{{MaxSnippet: new(20), MaxVideoPreview: new(-1), MaxImagePreview: "large"}}, false},
		{"limit below -1 ignored", []string{"*;max-snippet=-2;noindex"}, []Directives{{NoIndex: true}}, false},
		{"limit as token ignored", []string{"*;max-snippet=abc"}, []Directives{{}}, false},
		{"limit as decimal ignored", []string{"*;max-snippet=2.5"}, []Directives{{}}, false},
		{"limit as string read", []string{`*;max-snippet="20"`}, []Directives{{MaxSnippet: new(20)}}, false},
		{"string values trimmed", []string{`*;max-snippet=" 20 ";max-image-preview=" none "`},
			[]Directives{{MaxSnippet: new(20), MaxImagePreview: "none"}}, false},
		{"bare valued key ignored", []string{"*;max-snippet"}, []Directives{{}}, false},
		{"image preview as string", []string{`*;max-image-preview="standard"`}, []Directives{{MaxImagePreview: "standard"}}, false},
		{"image preview unknown ignored", []string{"*;max-image-preview=huge"}, []Directives{{}}, false},
		{"date as string", []string{`*;unavailable_after="25 Jun 2010 15:00:00 PST"`},
			[]Directives{{UnavailableAfter: utc(2010, 6, 25, 23, 0, 0)}}, false},
		{"date as RFC 3339 string", []string{`*;unavailable_after="2010-06-25T23:00:00Z"`},
			[]Directives{{UnavailableAfter: utc(2010, 6, 25, 23, 0, 0)}}, false},
		{"date as sf Date", []string{"*;unavailable_after=@1277506800"},
			[]Directives{{UnavailableAfter: utc(2010, 6, 25, 23, 0, 0)}}, false},
		// Dates before the first second of year 1 are long past, kept as
		// that second; the zero time would mean none.
		{"sf Date before year 1", []string{"*;unavailable_after=@-62135596801"}, []Directives{{UnavailableAfter: utc(1, 1, 1, 0, 0, 1)}}, false},
		{"string date before year 1 in UTC", []string{`*;unavailable_after="0001-01-01T00:00:00+01:00"`}, []Directives{{UnavailableAfter: utc(1, 1, 1, 0, 0, 1)}}, false},
		{"sf Date past 9999 ignored", []string{"*;unavailable_after=@253402300800"}, []Directives{{}}, false},
		{"date as integer, read as its digits", []string{"*;unavailable_after=20100625"}, []Directives{{UnavailableAfter: utc(2010, 6, 25, 0, 0, 0)}}, false},
		{"date as integer that is no date ignored", []string{"*;unavailable_after=2010"}, []Directives{{}}, false},
		{"image preview as integer ignored", []string{"*;max-image-preview=5"}, []Directives{{}}, false},
		{"a partial line past the limit cut", []string{"*;noindex", "*;a" + strings.Repeat("b", 9000)}, []Directives{{NoIndex: true}}, false},
		{"an inner list before the limit's cut", []string{"*;noindex, (a b), y;" + strings.Repeat("x", 8192) + ", z"}, []Directives{{NoIndex: true}}, false},
		// A stray ')' opens no inner list: the comma after it is a top-level
		// one, so the cut keeps "x)", and the field fails whole.
		{"a stray parenthesis before the limit's cut", []string{"*;noindex, x), y, " + strings.Repeat("a", 8200)}, nil, true},
		{"bad date ignored", []string{`*;unavailable_after="someday"`}, []Directives{{}}, false},
		{"flag with a value ignored", []string{"*;noindex=5"}, []Directives{{}}, false},
		{"a Date only for unavailable_after", []string{"*;max-snippet=@1277506800"}, []Directives{{}}, false},
		{"robots is a bot here, only * is every bot", []string{"robots;noindex"}, []Directives{{Bot: "robots", NoIndex: true}}, false},
		{"unknown key to Other", []string{"*;noai;noimageai=?1;off=?0"}, []Directives{{Other: []string{"noai", "noimageai"}}}, false},
		{"string member ignored", []string{`"*";noindex, examplebot;nofollow`}, []Directives{{Bot: "examplebot", NoFollow: true}}, false},
		{"inner list ignored", []string{"(examplebot *);noindex"}, nil, false},
		{"integer member ignored", []string{"5;noindex"}, nil, false},
		{"legacy syntax is invalid", []string{"noindex, examplebot: nofollow"}, nil, true},
		{"legacy line among valid lines", []string{"*;noindex", "examplebot: nofollow"}, nil, true},
		{"upper-case key is invalid", []string{"*;NoIndex"}, nil, true},
		{"trailing comma is invalid", []string{"*;noindex,"}, nil, true},
		{"unterminated string is invalid", []string{`*;unavailable_after="2010`}, nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseRobotsTag(tc.lines...)
			if (err != nil) != tc.wantErr {
				t.Fatalf("ParseRobotsTag(%q) error = %v, want error %v", tc.lines, err, tc.wantErr)
			}
			if err != nil && !strings.HasPrefix(err.Error(), "robots: ") {
				t.Errorf("ParseRobotsTag(%q) error = %q, want the prefix %q", tc.lines, err, "robots: ")
			}
			if !same(got, tc.want) {
				t.Errorf("ParseRobotsTag(%q) = %s, want %s", tc.lines, showAll(got), showAll(tc.want))
			}
		})
	}
}

func TestParseRobotsTagErrorWraps(t *testing.T) {
	_, err := ParseRobotsTag("*;NoIndex")
	if _, ok := errors.AsType[*httpsfv.UnmarshalError](err); !ok {
		t.Errorf("ParseRobotsTag error %v does not wrap an *httpsfv.UnmarshalError", err)
	}
}

// robotsTagAt returns a Robots-Tag field whose first member is a string,
// which applies nothing, so long that tail starts at byte offset start.
func robotsTagAt(start int, tail string) string {
	const closing = `", `
	return `"` + strings.Repeat("f", start-1-len(closing)) + closing + tail
}

func TestRobotsTagLimit(t *testing.T) {
	max := MaxRobotsTagBytes
	tests := []struct {
		name  string
		lines []string
		want  []Directives
	}{
		{"exactly the limit is read whole",
			[]string{robotsTagAt(max-len("*;noindex"), "*;noindex")},
			[]Directives{{NoIndex: true}}},
		{"member cut by the limit is ignored",
			[]string{robotsTagAt(max-len("*;noindex")+1, "*;noindex")},
			nil},
		{"member ending at the limit is kept when its comma follows",
			[]string{robotsTagAt(max-len("*;noindex"), "*;noindex, *;nofollow")},
			[]Directives{{NoIndex: true}}},
		{"member ending at the limit is kept when a space follows",
			[]string{robotsTagAt(max-len("*;noindex"), "*;noindex ,*;nofollow")},
			[]Directives{{NoIndex: true}}},
		{"member ending at the limit is kept when a tab follows",
			[]string{robotsTagAt(max-len("x;nofollow;a=b"), "x;nofollow;a=b\t, *;noindex")},
			[]Directives{{Bot: "x", NoFollow: true, Other: []string{"a"}}}},
		{"whitespace at the limit after a comma keeps the comma's cut",
			[]string{robotsTagAt(max-len("*;noindex, "), "*;noindex,  *;nofollow")},
			[]Directives{{NoIndex: true}}},
		{"a space after a parameter's ';' at the limit is inside the member",
			[]string{`*;noarchive, "` + strings.Repeat("f", max-len(`*;noarchive, "`)-len(`", *;nosnippet;`)) + `", *;nosnippet; notranslate`},
			[]Directives{{NoArchive: true}}},
		{"a space after a parameter's '=' at the limit is inside the member",
			[]string{`*;noindex, "` + strings.Repeat("f", max-len(`*;noindex, "`)-len(`", x;a=`)) + `", x;a= b`},
			[]Directives{{NoIndex: true}}},
		{"a space inside a string at the limit is no member end",
			[]string{robotsTagAt(max-len(`*;a="b`), `*;a="b c", *;nofollow`)},
			nil},
		{"the raw prefix is never parsed",
			// The limit falls after "max-snippet=20" of "max-snippet=200".
			[]string{robotsTagAt(max-len("*;max-snippet=20"), "*;max-snippet=200")},
			nil},
		{"everything after the cut is ignored, valid or not",
			[]string{robotsTagAt(max-4, "*;noindex, this is not a list")},
			nil},
		{"commas inside a string are not member ends",
			[]string{`*;noindex, x;a="` + strings.Repeat(",", max) + `", *;nofollow`},
			[]Directives{{NoIndex: true}}},
		{"commas inside a string with escapes",
			[]string{`*;noindex, x;a="\"` + strings.Repeat(`\",`, max/3) + `", *;nofollow`},
			[]Directives{{NoIndex: true}}},
		{"commas inside an inner list are not member ends",
			[]string{"*;noindex, (" + strings.Repeat(`a, `, max/3) + "), *;nofollow"},
			[]Directives{{NoIndex: true}}},
		{"a display string ends at its quote",
			[]string{`*;noindex, x;a=%"\", *;nofollow, ` + strings.Repeat("y, ", max/3)},
			[]Directives{{NoIndex: true, NoFollow: true}, {Bot: "x", Other: []string{"a"}}, {Bot: "y"}}},
		{"first member longer than the limit leaves nothing",
			[]string{`*;a="` + strings.Repeat("f", max) + `";noindex`},
			nil},
		{"the limit counts joined lines",
			[]string{robotsTagAt(max-len("*;noindex"), "*;noindex"), "*;nofollow"},
			[]Directives{{NoIndex: true}}},
		{"a line past the limit is ignored",
			[]string{robotsTagAt(max, "y"), "*;noindex"},
			nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseRobotsTag(tc.lines...)
			if err != nil {
				t.Fatalf("ParseRobotsTag(%d bytes) error %v", len(strings.Join(tc.lines, ", ")), err)
			}
			if !same(got, tc.want) {
				t.Errorf("ParseRobotsTag(%d bytes) = %s, want %s", len(strings.Join(tc.lines, ", ")), showAll(got), showAll(tc.want))
			}
		})
	}
}

const exampleBot = "ExampleBot/1.0 (+https://example.com/bot)"

func htmlHeader() http.Header { return http.Header{"Content-Type": {"text/html; charset=utf-8"}} }

func TestDirectivesForMeta(t *testing.T) {
	deep := strings.Repeat("<template>", 10000) + `<meta name=robots content=noindex>` + strings.Repeat("</template>", 10000)
	big := strings.Repeat("x", 1<<20)
	tests := []struct {
		name  string
		agent string // exampleBot when empty
		html  string
		want  string // String() of the result
	}{
		{"head meta", "", `<!DOCTYPE html><html><head><meta name="robots" content="noindex"></head><body></body></html>`, "noindex"},
		{"upper case", "", `<HTML><HEAD><META NAME="ROBOTS" CONTENT="NOINDEX,NOFOLLOW"></HEAD>`, "noindex, nofollow"},
		{"content before name", "", `<head><meta content="noindex,follow" name="robots" />`, "noindex"},
		{"unquoted", "", `<head><meta name=robots content=noarchive>`, "noarchive"},
		{"character references", "", `<head><meta name="&#114;obots" content="noindex&#44; nofollow&comma;noarchive">`, "noindex, nofollow, noarchive"},
		{"several metas aggregate", "", `<head><meta name="robots" content="noindex"><meta name="robots" content="nofollow">`, "noindex, nofollow"},
		{"most restrictive of conflicting metas", "", `<head><meta name="ROBOTS" content="NOINDEX"><meta name="ROBOTS" content="INDEX">`, "noindex"},
		{"our product token", "", `<head><meta name="examplebot" content="nosnippet">`, "nosnippet"},
		{"our product token any case", "", `<head><meta name="ExampleBot" content="nosnippet">`, "nosnippet"},
		{"another bot's meta", "OtherBot/2", `<head><meta name="examplebot" content="nosnippet">`, ""},
		{"a longer token is another bot", "", `<head><meta name="examplebot-news" content="noindex">`, ""},
		{"name trimmed", "", `<head><meta name=" robots " content="noindex">`, "noindex"},
		{"property is not name", "", `<head><meta property="robots" content="noindex">`, ""},
		{"property is not name, with name elsewhere in the tag", "", `<head><meta property="robots" itemprop="name" content="noindex">`, ""},
		{"http-equiv is not name", "", `<head><meta http-equiv="robots" content="noindex">`, ""},
		{"no content", "", `<head><meta name="robots"><meta name="robots" value="noindex">`, ""},
		{"first duplicate attribute wins", "", `<head><meta name="otherbot" name="robots" content="noindex">`, ""},
		{"first duplicate content wins", "", `<head><meta name="robots" content="nofollow" content="noindex">`, "nofollow"},
		{"generic meta, scoped content for us", "", `<head><meta name="robots" content="examplebot: noindex, otherbot: nofollow">`, "noindex"},
		{"our meta, content scoped to another bot", "", `<head><meta name="examplebot" content="otherbot: noindex">`, ""},
		{"our meta, content for every bot", "", `<head><meta name="examplebot" content="robots: noindex">`, "noindex"},
		{"bot meta does not lift generic", "", `<head><meta name="robots" content="noindex"><meta name="examplebot" content="all">`, "noindex"},

		// Where the head ends.
		{"no head tags", "", `<meta name=robots content=noindex><p>text`, "noindex"},
		{"whitespace and comments before", "", "\n\t <!-- c --> <!DOCTYPE html>\n<html>\n<head>\n<meta name=robots content=noindex>", "noindex"},
		{"byte order mark", "", "\xEF\xBB\xBF<!DOCTYPE html><meta name=robots content=noindex>", "noindex"},
		{"xml prolog", "", `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><meta name="robots" content="noindex"/></head></html>`, "noindex"},
		{"after title, script, style, link, base", "", `<head><title>a <meta> b</title><script>var x = "<meta name=robots content=nofollow>";</script><style>p{}</style><link rel=x href=y><base href=/><meta name=robots content=noindex>`, "noindex"},
		{"script with meta inside is text", "", `<head><script>document.write('<meta name="robots" content="noindex">')</script></head>`, ""},
		{"self-closing script is still a script", "", `<head><script/><meta name=robots content=noindex></script>`, ""},
		{"comment", "", `<head><!-- <meta name="robots" content="noindex"> --><meta name="robots" content="nofollow">`, "nofollow"},
		{"template contents", "", `<head><template><meta name="robots" content="noindex"></template><meta name="robots" content="nofollow">`, "nofollow"},
		{"nested templates", "", `<head><template><template></template><meta name="robots" content="noindex"><body><img></template><meta name="robots" content="nofollow">`, "nofollow"},
		// HTML §13.2.6.4.4-5: a <noscript> in the head holds metas where
		// scripting is disabled and text where it is enabled; the metas of
		// either reading count.
		{"noscript in the head counts", "", `<head><noscript><meta name="robots" content="noindex"></noscript><meta name="robots" content="nofollow">`, "noindex, nofollow"},
		{"noscript: each meta once", "", `<head><noscript><meta name="robots" content="noindex"></noscript><noscript><meta name="robots" content="noarchive"></noscript>`, "noindex, noarchive"},
		{"noscript: an img in it ends the head only without scripts", "", `<head><noscript><img src=x></noscript><meta name="robots" content="noindex">`, "noindex"},
		{"noscript: text in it ends the head only without scripts", "", `<head><noscript>Turn on JavaScript</noscript><meta name="robots" content="noindex">`, "noindex"},
		{"noscript: a meta before what ends the head", "", `<head><noscript><meta name="robots" content="noindex"><img src=x></noscript>`, "noindex"},
		{"noscript: past what ends the head", "", `<head><noscript><img src=x><meta name="robots" content="noindex"></noscript>`, ""},
		{"noscript: a title closes it and the head goes on", "", `<head><noscript><title>t</title><meta name="robots" content="noindex">`, "noindex"},
		{"noscript: a nested one is ignored", "", `<head><noscript><noscript></noscript><meta name="robots" content="noindex">`, "noindex"},
		{"noscript: stray end tags ignored", "", `<head><noscript></head></body></html><meta name="robots" content="noindex">`, "noindex"},
		{"noscript: end br ends the head", "", `<head><noscript></br><meta name="robots" content="noindex">`, ""},
		{"noscript: a meta only scripts see", "", `<head><noscript><style></noscript><meta name="robots" content="noindex"></style>`, "noindex"},
		{"noscript: a template in it", "", `<head><noscript><template><meta name="robots" content="noindex"></template><meta name="robots" content="nofollow">`, "nofollow"},
		{"noscript in a template", "", `<head><template><noscript></template><meta name="robots" content="noindex">`, "noindex"},
		// HTML §13.2.6.4.12: a template whose first element is a <col>
		// drops any start tag but <col> and <template>, and the tokenizer
		// reads on as markup (html.Parse takes what follows as text).
		{"noscript dropped by a template of columns", "", `<head><template><col><noscript></template><meta name="robots" content="noindex">`, "noindex"},
		{"title dropped by a template of columns", "", `<head><template><col><title></template><meta name="robots" content="noindex">`, "noindex"},
		{"style dropped by a template of columns", "", `<head><template><col><style></template><meta name="robots" content="noindex">`, "noindex"},
		{"plaintext dropped by a template of columns", "", `<head><template><col><plaintext></template><meta name="robots" content="noindex">`, "noindex"},
		{"textarea dropped by a template of columns", "", `<head><template><meta name="a" content="b"><col><textarea></template><meta name="robots" content="noindex">`, "noindex"},
		// A template's first element decides, past a nested template
		// before it (or a <meta>, as the textarea case has it).
		{"title dropped by a template of columns after a template", "", `<head><template><template></template><col><title></template><meta name="robots" content="noindex">`, "noindex"},
		{"title kept by a template of a column group", "", `<head><template><colgroup><title></template><meta name="robots" content="noindex">`, ""},
		// Browsers read a CDATA section at an integration point as a bogus
		// comment, as in HTML content; html.Parse, by the letter of the
		// standard's tokenizer, as text. Either way, nothing is missed.
		{"CDATA in a foreignObject", "", `<head><template><svg><foreignObject><![CDATA[></template><meta name=robots content=noindex>]]>`, "noindex"},
		{"CDATA in an SVG desc", "", `<head><template><svg><desc><![CDATA[></template><meta name=robots content=noindex>]]>`, "noindex"},
		{"CDATA in a MathML mi", "", `<head><template><math><mi><![CDATA[></template><meta name=robots content=noindex>]]>`, "noindex"},
		{"CDATA in an HTML annotation-xml", "", `<head><template><math><annotation-xml encoding=text/html><![CDATA[></template><meta name=robots content=noindex>]]>`, "noindex"},
		{"CDATA in SVG is text", "", `<head><template><svg><g><![CDATA[></template><meta name=robots content=noindex>]]>`, ""},
		// A <div> in the <noscript> stops its end tag (HTML §13.2.6.4.7, any
		// other end tag), and the SVG stays open: its <title> is markup.
		{"noscript: its end tag stopped by a div", "", `<head><template><noscript><div><svg></noscript><title></template><meta name="robots" content="noindex">`, "noindex"},
		{"style is raw text", "", `<head><style><meta name="robots" content="noindex"></style>`, ""},
		{"img ends the head", "", `<html><head><img src=x><meta name="robots" content="noindex">`, ""},
		{"iframe ends the head", "", `<head><iframe src=x></iframe><meta name="robots" content="noindex">`, ""},
		{"div ends the head", "", `<head><div></div><meta name="robots" content="noindex">`, ""},
		{"text ends the head", "", `<html>hello<meta name="robots" content="noindex">`, ""},
		{"nbsp is not whitespace", "", `<head>&nbsp;<meta name="robots" content="noindex">`, ""},
		{"a space reference is whitespace", "", `<head>&#32;<meta name="robots" content="noindex">`, "noindex"},
		{"body meta does not count", "", `<head></head><body><meta name="robots" content="noindex">`, ""},
		{"meta after the head counts", "", `<head></head>` + "\n" + `<meta name="robots" content="noindex"><body>`, "noindex"},
		{"script then meta after the head", "", `<head></head><script></script><meta name="robots" content="noindex">`, "noindex"},
		{"noscript after the head starts the body", "", `<head></head><noscript></noscript><meta name="robots" content="noindex">`, ""},
		{"text after the head starts the body", "", `<head></head>x<meta name="robots" content="noindex">`, ""},
		{"stray end tag ignored", "", `<head></p></div><meta name="robots" content="noindex">`, "noindex"},
		{"end body ends the head", "", `<head></body><meta name="robots" content="noindex">`, ""},
		{"end br ends the head", "", `<head></br><meta name="robots" content="noindex">`, ""},
		{"end head before head", "", `<html></head><meta name="robots" content="noindex">`, "noindex"},
		{"second head ignored", "", `<head><head><meta name="robots" content="noindex">`, "noindex"},
		{"html start in head ignored", "", `<head><html lang=en><meta name="robots" content="noindex">`, "noindex"},
		{"frameset", "", `<head></head><frameset><meta name="robots" content="noindex">`, ""},
		// HTML §13.2.6.4.4; html.Parse ignores all after the inner <template>.
		{"template in foreign content in a template", "", `<template><svg><foreignObject><template></template></template><meta name="robots" content="noindex">`, "noindex"},
		// HTML §13.2.6.4.7: each <a> closes the one open before it, and the
		// last one what was opened inside it, so </g> finds no <g> and
		// leaves the <svg> open: <title> is SVG's, not raw text.
		{"a closes the a before it", "", `<template><a><a><g><a><svg></g><title></template><meta name="robots" content="noindex">`, "noindex"},
		{"an end tag past the elements followed keeps SVG open", "",
			`<template>` + strings.Repeat("<b>", 14) + `<g><b><div><svg></g><title></template><meta name="robots" content="noindex">`, "noindex"},
		// HTML §13.2.4.1: after </table>, resetting the insertion mode passes
		// over the MathML element named html (the standard and browsers match
		// HTML elements only) to the body: the meta is the body's. html.Parse
		// matches the name alone, goes back to "after head" and puts the meta
		// in the head (see treeDiverges).
		{"a MathML element named html resets nothing", "", `<math><html><mtext><table></table><meta name="robots" content="noindex">`, ""},
		{"truncated tag applies nothing", "", `<head><meta name="robots" content="noindex"`, ""},
		{"unterminated quote applies nothing", "", `<head><meta name="robots" content="noindex>`, ""},
		{"10,000 nested templates", "", `<head>` + deep + `<meta name=robots content=nofollow>`, "nofollow"},
		{"1 MB attribute", "", `<head><meta name="robots" data-x="` + big + `" content="noindex">`, "noindex"},
		{"1 MB content", "", `<head><meta name="robots" content="noindex, max-snippet: ` + big + `">`, "noindex"},
		{"binary", "", "\x00\x01\x02<meta name=robots content=noindex>", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			agent := tc.agent
			if agent == "" {
				agent = exampleBot
			}
			d := DirectivesFor(htmlHeader(), []byte(tc.html), agent)
			if got := written(d); got != tc.want {
				t.Errorf("DirectivesFor(%.80q, %q) = %q, want %q", tc.html, agent, got, tc.want)
			}
		})
	}
}

const xhtmlTitle = `<html xmlns="http://www.w3.org/1999/xhtml"><head><title/><meta name="robots" content="noindex"/></head></html>`

// TestDirectivesForIgnoresOtherBots checks that DirectivesFor keeps no set
// for the bots a value names other than the agent: a meta content naming
// thousands of bots costs no more than naming one.
func TestDirectivesForIgnoresOtherBots(t *testing.T) {
	var b strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&b, "bot%d: noindex, x%d, ", i, i)
	}
	// Another bot's values stay its own too.
	b.WriteString("otherbot: max-snippet: 5, max-image-preview: none, unavailable_after: 2010-06-25, ")
	b.WriteString("examplebot: nofollow, robots: noarchive")
	h := http.Header{"X-Robots-Tag": {b.String()}}
	want := Directives{NoFollow: true, NoArchive: true}
	if got := DirectivesFor(h, nil, exampleBot); show(got) != show(want) {
		t.Fatalf("DirectivesFor = %s, want %s", show(got), show(want))
	}
	if n := testing.AllocsPerRun(10, func() { DirectivesFor(h, nil, exampleBot) }); n > 20 {
		t.Errorf("DirectivesFor of a line naming 5,000 other bots: %.0f allocations, want at most 20", n)
	}
}

// utf16Bytes encodes s in UTF-16, little- or big-endian.
func utf16Bytes(s string, bigEndian bool) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		if bigEndian {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	return b
}

// utf16Metas lists "name=content" for each meta utf16HeadMetas visits in
// units, decoded first octets at a time and then doubling.
func utf16Metas(units []byte, bigEndian, isXHTML bool, first int) []string {
	var out []string
	utf16HeadMetas(units, bigEndian, isXHTML, first, func(name, content []byte) {
		out = append(out, string(name)+"="+string(content))
	})
	return out
}

// utf16PrefixCases are heads whose end a prefix cut short could move: '<'
// or the start of a tag where a prefix ends reads as text, which ends the
// head; so do a surrogate pair's first half ("\uFFFD") and the raw text
// of a script whose end tag is cut. The last ones are tokens that the
// tokenizer could read past, were it to look ahead.
var utf16PrefixCases = []string{
	`<head><meta name=robots content=noindex><meta name=a content=b></head><body>text`,
	`<head><title>t</title>` + strings.Repeat(" ", 40) + `<meta name=robots content=noindex>x`,
	`<meta name=a content="😀"><meta name=b content=c><p>`,
	"<head>😀<meta name=robots content=noindex>",
	`<head><script>var a = "</scrip";</script><meta name=robots content=none><p>`,
	`<head><!-- a comment <p> --><meta name=robots content=nofollow></head>`,
	`<head><noscript><meta name=robots content=noindex></noscript><meta name=x content=y><img>`,
	`<head><template><p>x</template><meta name=robots content=noarchive><body>`,
	`<head><title>never closed<meta name=robots content=noindex>`,
	`<meta name=robots content=noindex>`,
	`<</><!<?<meta name=a content=b>x`,
	`<head><!--x--!><!--><!><meta name=a content=b><template><svg><![CDATA[<p>]]></svg></template><meta name=c content=d>&amp;x`,
	`<!DOCTYPE html><head><title>a&ampx</title><style></style x></style><meta name=a content="&quot;b"><p>`,
}

// TestUTF16HeadMetasAnyPrefix checks that decoding a UTF-16 body a prefix
// at a time finds exactly the metas of the body decoded whole, whatever
// prefix it starts with: if it stopped at one that cuts a tag short, or
// ends on a '<', it would take the head to end there and miss the rest.
func TestUTF16HeadMetasAnyPrefix(t *testing.T) {
	t.Parallel()
	for _, doc := range append(slices.Clone(utf16PrefixCases), headCases...) {
		for _, bigEndian := range []bool{false, true} {
			for _, isXHTML := range []bool{false, true} {
				units := utf16Bytes(doc, bigEndian)
				want := scanMetas(decodeUTF16(units, bigEndian), isXHTML)
				for first := 0; first <= len(units)+2; first += 2 {
					if got := utf16Metas(units, bigEndian, isXHTML, first); !slices.Equal(got, want) {
						t.Errorf("%q (big-endian %v, XHTML %v) decoded from a prefix of %d octets: metas %q, want %q", doc, bigEndian, isXHTML, first, got, want)
						break
					}
				}
			}
		}
	}
}

// FuzzUTF16HeadMetas checks TestUTF16HeadMetasAnyPrefix's property on any
// body and first prefix.
func FuzzUTF16HeadMetas(f *testing.F) {
	for i, s := range utf16PrefixCases {
		f.Add(s, uint16(2*i+2), i%2 == 0, i%3 == 0)
	}
	f.Fuzz(func(t *testing.T, body string, first uint16, bigEndian, isXHTML bool) {
		units := utf16Bytes(body, bigEndian)
		n := 2 * (int(first)%(len(units)/2+1) + 1) // even, from 2 to past the end
		got, want := utf16Metas(units, bigEndian, isXHTML, n), scanMetas(decodeUTF16(units, bigEndian), isXHTML)
		if !slices.Equal(got, want) {
			t.Errorf("%q (big-endian %v, XHTML %v) decoded from a prefix of %d octets: metas %q, want %q", body, bigEndian, isXHTML, n, got, want)
		}
	})
}

// TestTokenizerReadsNoFurtherThanItsToken checks what headMetas's
// reachedEnd relies on in x/net/html's tokenizer: that a token it returns
// ending before the end of its input is the token the same input returns
// with more after it, so that a reading that stopped there would have
// stopped there in the whole body. A tokenizer that looked ahead past the
// token it returns ("</script" and what follows it, say) before returning
// it could tell a cut input from the whole one; one cut short by the end
// must then end at the end, or be an error.
func TestTokenizerReadsNoFurtherThanItsToken(t *testing.T) {
	t.Parallel()
	tokens := func(body string, cdata bool) (types []html.TokenType, ends []int) {
		z := html.NewTokenizer(strings.NewReader(body))
		end := 0
		for {
			z.AllowCDATA(cdata)
			tt := z.Next()
			end += len(z.Raw())
			types, ends = append(types, tt), append(ends, end)
			if tt == html.ErrorToken {
				return
			}
		}
	}
	for _, doc := range append(slices.Clone(utf16PrefixCases), headCases...) {
		for _, cdata := range []bool{false, true} {
			wholeTypes, wholeEnds := tokens(doc, cdata)
			for cut := range len(doc) {
				types, ends := tokens(doc[:cut], cdata)
				for i, tt := range types {
					if tt == html.ErrorToken || ends[i] >= cut {
						break // a token the cut may have changed, as headMetas knows
					}
					if tt != wholeTypes[i] || ends[i] != wholeEnds[i] {
						t.Errorf("%q cut at %d (CDATA %v): token %d is %v ending at %d; the whole input's is %v ending at %d", doc, cut, cdata, i, tt, ends[i], wholeTypes[i], wholeEnds[i])
						break
					}
				}
			}
		}
	}
}

// TestDirectivesForUTF16CostFollowsHead checks that a page in UTF-16 costs
// what its head does, as one in UTF-8 does (SPEC §3: the cost must not grow
// with the body): decoded whole first, a 4 MB body cost 6.3 MB of
// allocations where the head alone cost 5 KB; decoded a prefix at a time,
// 30 KB.
func TestDirectivesForUTF16CostFollowsHead(t *testing.T) {
	head := "<html><head><meta name=robots content=noindex></head><body>"
	body := strings.Repeat(`<p>Lorem <a href="/x">ipsum</a></p>`, 60000)
	allocated := func(page []byte, contentType string) uint64 {
		h := http.Header{"Content-Type": {contentType}}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		d := DirectivesFor(h, page, exampleBot)
		runtime.ReadMemStats(&after)
		if !d.NoIndex {
			t.Fatalf("DirectivesFor of a %d-octet %s page = %v, want noindex", len(page), contentType, d)
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	for _, tc := range []struct {
		name, contentType string
		encode            func(string) []byte
	}{
		{"UTF-8", "text/html; charset=utf-8", func(s string) []byte { return []byte(s) }},
		{"UTF-16LE, by its mark", "text/html", func(s string) []byte { return utf16Bytes("\uFEFF"+s, false) }},
		{"UTF-16BE, by its charset", "text/html; charset=utf-16be", func(s string) []byte { return utf16Bytes(s, true) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			short := allocated(tc.encode(head), tc.contentType)
			long := allocated(tc.encode(head+body), tc.contentType)
			t.Logf("%d octets allocated for the head alone, %d with a %d-octet body", short, long, len(tc.encode(body)))
			if long > short+256<<10 {
				t.Errorf("DirectivesFor allocated %d octets with a %d-octet body, %d for the head alone: want at most 256 KiB more", long, len(tc.encode(body)), short)
			}
		})
	}
}

// allocatedBy returns the octets f allocates, as runtime.MemStats counts
// them.
func allocatedBy(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestDirectivesForCostFollowsHeadEndedByText checks that the head's cost
// does not grow with the body (SPEC §3) when what ends the head is one long
// token: text, or a tag with a long attribute. The tokenizer buffers a token
// whole before scanHead sees it, and 16 MB of text after </head> cost 134 MB
// of allocations (found by a black-box audit of SPEC §3); startsBody tells
// such a token by its first octets.
func TestDirectivesForCostFollowsHeadEndedByText(t *testing.T) {
	long := strings.Repeat("x", 4<<20)
	const meta = "<meta name=robots content=noindex>"
	allocated := func(page string) (uint64, Directives) {
		h := http.Header{"Content-Type": {"text/html"}}
		body := []byte(page)
		var d Directives
		n := allocatedBy(func() { d = DirectivesFor(h, body, exampleBot) })
		return n, d
	}
	for _, tc := range []struct {
		name, head, tail string
		noindex          bool
	}{
		{"text after </head>", "<head>" + meta + "</head>Hello ", long, true},
		{"text and no <head>", "Hello ", long, false},
		{"text after a meta", meta + "Hello ", long, true},
		{"whitespace, then text", "<head>" + meta + "</head>", strings.Repeat(" \r\n\t", 1<<20) + "x", true},
		{"a <body> with a long attribute", "<head>" + meta + "</head><body class='", long + "'>", true},
		{"an <img> with a long attribute", meta + "<img alt='", long + "'>", true},
		{"a long element name", meta + "<x", long + ">", true},
		{"an </html> with a long attribute", meta + "</html class='", long + "'>", true},
		{"'<' before a space", meta + "< ", long, true},
		{"a <p> after a <noscript>", "<head><noscript>" + meta + "</noscript><p title='", long + "'>", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			short, d := allocated(tc.head)
			if d.NoIndex != tc.noindex {
				t.Fatalf("DirectivesFor(%.40q) = %v, want noindex %v", tc.head, d, tc.noindex)
			}
			full, d := allocated(tc.head + tc.tail)
			if d.NoIndex != tc.noindex {
				t.Fatalf("DirectivesFor(%.40q + %d octets) = %v, want noindex %v", tc.head, len(tc.tail), d, tc.noindex)
			}
			if full > short+64<<10 {
				t.Errorf("DirectivesFor allocated %d octets with %d octets after %.40q, %d without them: want at most 64 KiB more", full, len(tc.tail), tc.head, short)
			}
		})
	}
}

// TestStartsBody checks what startsBody tells from a token's first octets,
// and that it says nothing where the octets that follow could change what
// the token is.
func TestStartsBody(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		inNoscript bool
		want       bool
	}{
		{"text", "Hello", false, true},
		{"text after whitespace", " \t\r\n\fHello", false, true},
		{"a NUL is not whitespace", "\x00", false, true},
		{"whitespace to the end", "  \n", false, false},
		{"nothing", "", false, false},
		{"a character reference may be a space", "&#32;x", false, false},
		{"whitespace, then a reference", "  &nbsp;", false, false},
		{"'<' before a space is text", "< b", false, true},
		{"'<' before a digit is text", "<3", false, true},
		{"'<' at the end may start a tag", "<", false, false},
		{"a comment", "<!-- x -->", false, false},
		{"a processing instruction", "<?xml?>", false, false},
		{"</>", "</>", false, false},
		{"'</' before a digit is a comment", "</3>", false, false},
		{"<body>", "<body>", false, true},
		{"<BODY> with attributes", "<BODY class=x>", false, true},
		{"<img/>", "<img/>", false, true},
		{"<meta>", "<meta name=robots>", false, false},
		{"<Meta>", "<Meta>", false, false},
		{"<noframes>", "<noframes>", false, false},
		{"<template>", "\n<template>", false, false},
		{"<noscript>", "<noscript>", false, false},
		{"<link> in a <noscript>", "<link>", true, false},
		{"<title> in a <noscript>", "<title>", true, false},
		{"<p> in a <noscript>", "<p>", true, true},
		{"a name cut by the end", "<me", false, false},
		{"a head name whole at the end", "<meta", false, false},
		{"a short name cut by the end", "<b", false, false},
		{"a name longer than any the head holds, cut", "<noframesx", false, true},
		{"a name one octet longer than <noframes>", "<noframesx>", false, true},
		{"a name that starts like <meta>", "<metadata>", false, true},
		{"</body>", "</body>", false, true},
		{"</HTML x>", "</HTML x>", false, true},
		{"</br>", "</br>", false, true},
		{"</head>", "</head>", false, false},
		{"</p>", "</p>", false, false},
		{"</bod cut by the end", "</bod", false, false},
		{"</body> in a <noscript>", "</body>", true, false},
		{"</br> in a <noscript>", "</br>", true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := startsBody([]byte(tc.body), 0, tc.inNoscript); got != tc.want {
				t.Errorf("startsBody(%q, inNoscript %v) = %v, want %v", tc.body, tc.inNoscript, got, tc.want)
			}
			// The same token after others: p is where it starts.
			if got := startsBody([]byte("<head>"+tc.body), len("<head>"), tc.inNoscript); got != tc.want {
				t.Errorf("startsBody(%q at 6, inNoscript %v) = %v, want %v", "<head>"+tc.body, tc.inNoscript, got, tc.want)
			}
		})
	}
}

// TestDirectivesForUTF16HeadNeverEnds checks the doc's bound on a UTF-16
// page whose head never ends: less than twice what decoding the body whole
// and reading it once allocates, whatever its length. Reading prefixes up to
// just under all of it, then all of it, allocated three times (found by a
// review of the docs' claims).
func TestDirectivesForUTF16HeadNeverEnds(t *testing.T) {
	for _, octets := range []int{utf16Prefix<<4 - 4, utf16Prefix<<4 + 4, utf16Prefix<<5 + 4} {
		text := "<html><head><title>" + strings.Repeat("x", octets/2)
		page := utf16Bytes("\uFEFF"+text, false)
		h := http.Header{"Content-Type": {"text/html"}}
		got := allocatedBy(func() { DirectivesFor(h, page, exampleBot) })
		once := allocatedBy(func() { headMetas(decodeUTF16(page[2:], false), false, func(name, content []byte) {}) })
		if got >= 2*once {
			t.Errorf("a %d-octet UTF-16 page whose head never ends: DirectivesFor allocated %d octets, %.2f times one decoding and reading (%d), want under 2", len(page), got, float64(got)/float64(once), once)
		}
	}
}

func TestAsUTF8(t *testing.T) {
	tests := []struct {
		name        string
		body        []byte
		contentType string
		want        string
	}{
		{"no mark, no charset", []byte("<p>x"), "", "<p>x"},
		{"another charset", []byte("<p>\xe9"), "text/html; charset=windows-1252", "<p>\xe9"},
		{"UTF-8 mark kept for trimBOM", []byte("\xEF\xBB\xBF<p>"), "text/html; charset=utf-16", "\xEF\xBB\xBF<p>"},
		{"LE mark", utf16Bytes("\uFEFF<p>é", false), "", "<p>é"},
		{"BE mark", utf16Bytes("\uFEFF<p>é", true), "", "<p>é"},
		{"labels in any case", utf16Bytes("<p>", false), "text/html; charset=UCS-2", "<p>"},
		{"big-endian label", utf16Bytes("<p>", true), "text/html; charset=UnicodeFFFE", "<p>"},
		{"a surrogate pair", utf16Bytes("\uFEFF<p>\U0001F600", false), "", "<p>\U0001F600"},
		{"an unpaired high surrogate", append(utf16Bytes("\uFEFF<p>", false), 0x3D, 0xD8, '<', 0), "", "<p>\uFFFD<"},
		{"an unpaired low surrogate", append(utf16Bytes("\uFEFF<p>", false), 0x00, 0xDE), "", "<p>\uFFFD"},
		{"a high surrogate last", append(utf16Bytes("\uFEFF<p>", false), 0x3D, 0xD8), "", "<p>\uFFFD"},
		{"an odd last octet", append(utf16Bytes("\uFEFF<p>", false), '>'), "", "<p>\uFFFD"},
		{"a mark alone", []byte("\xFE\xFF"), "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(asUTF8(tc.body, tc.contentType)); got != tc.want {
				t.Errorf("asUTF8(%q, %q) = %q, want %q", tc.body, tc.contentType, got, tc.want)
			}
		})
	}
}

// TestUTF16Label checks each of the WHATWG Encoding Standard's labels of
// UTF-16LE and UTF-16BE.
func TestUTF16Label(t *testing.T) {
	for _, tc := range []struct {
		label         string
		ok, bigEndian bool
	}{
		{"utf-16", true, false}, {"UTF-16LE", true, false}, {"unicode", true, false}, {"unicodeFEFF", true, false},
		{"ucs-2", true, false}, {"iso-10646-ucs-2", true, false}, {"csUnicode", true, false},
		{"utf-16be", true, true}, {"unicodeFFFE", true, true},
		{"utf-8", false, false}, {"utf-32", false, false}, {"", false, false},
	} {
		if ok, be := utf16Label(tc.label); ok != tc.ok || ok && be != tc.bigEndian {
			t.Errorf("utf16Label(%q) = %v, %v; want %v, %v", tc.label, ok, be, tc.ok, tc.bigEndian)
		}
	}
}

// TestCharsetOf follows WHATWG MIME Sniffing §4.4 ("parse a MIME type"),
// whose outcomes on these forms the web-platform-tests' MIME type cases
// record as what a browser navigating to the page uses.
func TestCharsetOf(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"no parameters", "text/html", ""},
		{"empty", "", ""},
		{"plain", "text/html; charset=UTF-16", "UTF-16"},
		{"name in any case", "TEXT/HTML;CHARSET=utf-16", "utf-16"},
		{"space before the parameters", "text/html ;charset=utf-16", "utf-16"},
		{"trailing space of a value", "text/html; x=y; charset=utf-16 ", "utf-16"},
		{"leading space of a value trimmed as a label's", "text/html;charset= utf-16", "utf-16"},
		{"a space before '=' makes no parameter", "text/html; charset =utf-16", ""},
		{"a space after the name", "text/html; x=y; charset = utf-16 ", ""},
		{"similar name", "text/html; charsets=utf-16", ""},
		{"empty value", "text/html; charset=", ""},
		{"empty value leaves the next", "text/html; charset=; charset=utf-16", "utf-16"},
		{"the first of two", "text/html; charset=utf-16le; charset=utf-8", "utf-16le"},
		{"empty parameters skipped", "text/html ; ; ;;charset=utf-16", "utf-16"},
		{"a name without a value skipped", "text/html;test;charset=utf-16", "utf-16"},
		{"a lone quote is a name", `text/html;";charset=utf-16`, "utf-16"},
		{"a name without a value at the end", "text/html;charset", ""},
		// Quoted strings (Fetch, "collect an HTTP quoted string").
		{"quoted", `text/html;charset="utf-16le"`, "utf-16le"},
		{"quoted with spaces inside", `text/html; charset=" utf-16 "`, "utf-16"},
		{"unterminated quote runs to the end", `text/html;charset="utf-16`, "utf-16"},
		{"text after the closing quote dropped", `text/html;charset="utf-16"x; y=z`, "utf-16"},
		{"escaped octets", `text/html;charset="\u\tf-16"`, "utf-16"},
		{"a ';' inside quotes", `text/html;x=";charset=utf-8";charset=utf-16`, "utf-16"},
		{"a quoted value with ';' is the charset", `text/html;charset=";charset=foo";charset=utf-16`, ";charset=foo"},
		{"a quote only", `text/html; charset="`, ""},
		{"an escape at the end", `text/html;charset="utf-16\`, `utf-16\`},
		{"a quote at the end of a token", `text/html;charset=utf-16"`, `utf-16"`},
		{"single quotes are octets", "text/html;charset='utf-16'", "'utf-16'"},
		// A value holding a control other than tab is not set, so the next
		// charset decides.
		{"invalid value skipped", "text/html;charset=utf\x01-8;charset=utf-16", "utf-16"},
		{"octets from 0x80 are valid", "text/html;x=\xff;charset=utf-16", "utf-16"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := charsetOf(tc.in); got != tc.want {
				t.Errorf("charsetOf(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// FuzzCharsetOf checks what holds of charsetOf on any Content-Type: the
// value comes back trimmed and valid; without quotes nothing is unescaped;
// a charset found is not changed by one appended; and parameters that name
// no charset never hide one that follows them.
func FuzzCharsetOf(f *testing.F) {
	for _, s := range []string{"text/html; charset=utf-16", `text/html;charset="utf-\16`, "text/html;a=b;;c;charset =x", "text/html;x=\x01"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, contentType string) {
		got := charsetOf(contentType)
		if got != strings.TrimFunc(got, isHTMLSpace) || !quotedStringOctets(got) {
			t.Errorf("charsetOf(%q) = %q: untrimmed, or an octet no parameter holds", contentType, got)
		}
		if strings.Contains(contentType, `"`) {
			return
		}
		if !strings.Contains(contentType, got) {
			t.Errorf("charsetOf(%q) = %q, which the unquoted input does not hold", contentType, got)
		}
		if got != "" {
			if again := charsetOf(contentType + ";charset=zz"); again != got {
				t.Errorf("charsetOf(%q) = %q, but %q after a charset is appended", contentType, got, again)
			}
		} else if !strings.Contains(strings.ToLower(contentType), "charset") {
			if after := charsetOf(contentType + ";charset=utf-16"); after != "utf-16" {
				t.Errorf("charsetOf(%q + \";charset=utf-16\") = %q, want utf-16", contentType, after)
			}
		}
	})
}

func TestDirectivesForContentType(t *testing.T) {
	page := []byte(`<!DOCTYPE html><html><head><meta name="robots" content="noindex"></head></html>`)
	tests := []struct {
		name        string
		contentType []string // nil: no Content-Type
		body        []byte
		want        bool // the meta is read
	}{
		{"text/html", []string{"text/html"}, page, true},
		{"text/html with charset", []string{"text/html; charset=ISO-8859-1"}, page, true},
		{"upper case", []string{"TEXT/HTML;CHARSET=UTF-8"}, page, true},
		{"spaces", []string{" text/html ; charset=utf-8"}, page, true},
		{"xhtml", []string{"application/xhtml+xml"}, page, true},
		{"text/plain", []string{"text/plain"}, page, false},
		{"pdf", []string{"application/pdf"}, page, false},
		{"xml", []string{"application/xml"}, page, false},
		{"html as a parameter", []string{"text/plain; x=text/html"}, page, false},
		{"sniffed html", nil, page, true},
		{"sniffed html after whitespace", nil, append([]byte("\r\n  "), page...), true},
		{"empty Content-Type sniffs", []string{""}, page, true},
		{"blank Content-Type sniffs", []string{" \t"}, page, true},
		{"sniffs as text", nil, []byte(`<meta name="robots" content="noindex">`), false},
		{"sniffs as pdf", nil, append([]byte("%PDF-1.4\n"), page...), false},
		{"first Content-Type line decides", []string{"text/plain", "text/html"}, page, false},
		{"first of lines a proxy joined decides", []string{"text/html, text/plain"}, page, true},
		{"the first joined type's charset", []string{"text/html; charset=utf-16be, text/plain"}, utf16Bytes(string(page), true), true},
		{"not a later joined type's charset", []string{"text/html, text/plain; charset=utf-16be"}, utf16Bytes(string(page), true), false},
		// XHTML is XML: <title/> is an empty element, where HTML reads the
		// rest of the page as the title's text.
		{"xhtml self-closing title", []string{"application/xhtml+xml"}, []byte(xhtmlTitle), true},
		{"xhtml self-closing script", []string{"application/xhtml+xml"},
			[]byte(`<html xmlns="http://www.w3.org/1999/xhtml"><head><script src="a.js"/><meta name="robots" content="noindex"/></head></html>`), true},
		{"xhtml self-closing template", []string{"application/xhtml+xml"},
			[]byte(`<html xmlns="http://www.w3.org/1999/xhtml"><head><template/><meta name="robots" content="noindex"/></head></html>`), true},
		{"xhtml self-closing template in a head template", []string{"application/xhtml+xml"},
			[]byte(`<html xmlns="http://www.w3.org/1999/xhtml"><head><template><template/></template><meta name="robots" content="noindex"/></head></html>`), true},
		{"xhtml self-closing div starts the body", []string{"application/xhtml+xml"},
			[]byte(`<html xmlns="http://www.w3.org/1999/xhtml"><head><div/><meta name="robots" content="noindex"/></head></html>`), false},
		// What follows an empty <title/> is not its text: text there ends
		// the head, as anywhere in it.
		{"xhtml text after a self-closing title ends the head", []string{"application/xhtml+xml"},
			[]byte(`<html xmlns="http://www.w3.org/1999/xhtml"><head><title/>Hello<meta name="robots" content="noindex"/></head></html>`), false},
		{"html ignores the slash of <title/>", []string{"text/html"}, []byte(xhtmlTitle), false},
		// UTF-16, whose tags are not ASCII octets, is decoded: by its byte
		// order mark, or else by a charset naming it.
		{"UTF-16LE with its mark", []string{"text/html"}, utf16Bytes("\uFEFF"+string(page), false), true},
		{"UTF-16BE with its mark", []string{"text/html; charset=utf-8"}, utf16Bytes("\uFEFF"+string(page), true), true},
		{"UTF-16 by charset", []string{"text/html; charset=UTF-16"}, utf16Bytes(string(page), false), true},
		{"UTF-16BE by quoted charset", []string{`text/html; x=y; charset="utf-16be"`}, utf16Bytes(string(page), true), true},
		{"UTF-16 by a charset whose quote is not closed", []string{`text/html; charset="utf-16`}, utf16Bytes(string(page), false), true},
		{"no charset where a space precedes '='", []string{"text/html; charset =utf-16"}, utf16Bytes(string(page), false), false},
		{"a lone quote for a charset", []string{`text/html; charset="`}, page, true},
		{"the mark wins over the charset", []string{"text/html; charset=utf-16be"}, utf16Bytes("\uFEFF"+string(page), false), true},
		{"a UTF-8 mark wins over the charset", []string{"text/html; charset=utf-16"}, append([]byte("\xEF\xBB\xBF"), page...), true},
		{"UTF-16 with its mark sniffs as text", nil, utf16Bytes("\uFEFF"+string(page), false), false},
		{"UTF-16 read as octets", []string{"text/html"}, utf16Bytes(string(page), false), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{}
			if tc.contentType != nil {
				h["Content-Type"] = tc.contentType
			}
			got := DirectivesFor(h, tc.body, exampleBot).NoIndex
			if got != tc.want {
				t.Errorf("DirectivesFor(Content-Type %q).NoIndex = %v, want %v", tc.contentType, got, tc.want)
			}
		})
	}
}

func TestDirectivesForUnion(t *testing.T) {
	tests := []struct {
		name       string
		xRobotsTag []string
		robotsTag  []string
		html       string
		agent      string
		want       Directives
	}{
		{"nothing", nil, nil, "", exampleBot, Directives{}},
		{"header", []string{"noindex, nofollow"}, nil, "", exampleBot, Directives{NoIndex: true, NoFollow: true}},
		{"header lines accumulate", []string{"noindex", "nofollow"}, nil, "", exampleBot, Directives{NoIndex: true, NoFollow: true}},
		{"each line starts unscoped", []string{"otherbot: noindex", "nofollow"}, nil, "", exampleBot, Directives{NoFollow: true}},
		{"another bot's scope", []string{"googlebot: noindex"}, nil, "", exampleBot, Directives{}},
		{"our scope", []string{"googlebot: noindex"}, nil, "", "Googlebot/2.1 (+http://www.google.com/bot.html)", Directives{NoIndex: true}},
		{"product token matched exactly", []string{"examplebot-news: noindex", "example: nofollow"}, nil, "", exampleBot, Directives{}},
		{"structured field token matched exactly", nil, []string{"examplebot-news;noindex, example;nofollow"}, "", exampleBot, Directives{}},
		{"structured field robots is a bot, not every bot", nil, []string{"robots;noindex"}, "", exampleBot, Directives{}},
		{"scope in any case", []string{"ExampleBot: noindex", "EXAMPLEBOT: nofollow"}, nil, "", exampleBot, Directives{NoIndex: true, NoFollow: true}},
		{"structured field token in any case", nil, []string{"EXAMPLEBOT;noindex"}, "", exampleBot, Directives{NoIndex: true}},
		{"scope in a longer product token", []string{"examplebot-news: noindex"}, nil, "", "ExampleBot-News", Directives{NoIndex: true}},
		{"bot scope never lifts a generic restriction", []string{"noindex", "examplebot: all"}, nil, "", exampleBot, Directives{NoIndex: true}},
		{"generic restrictions with scoped ones", []string{"noindex, examplebot: nofollow, otherbot: noarchive"}, nil, "", exampleBot,
			Directives{NoIndex: true, NoFollow: true}},
		{"structured field", nil, []string{"*;nosnippet, ExampleBot;noindex, otherbot;nofollow"}, "", exampleBot,
			Directives{NoIndex: true, NoSnippet: true}},
		// SPEC §3: X-Robots-Tag is read in the legacy grammar, ';' a
		// separator, even when it holds the draft's syntax: every item
		// then applies to every bot, the restrictive side.
		{"structured-field syntax in X-Robots-Tag read as legacy", []string{"*;nosnippet, otherbot;noindex"}, nil, "", exampleBot,
			Directives{NoIndex: true, NoSnippet: true, Other: []string{"*", "otherbot"}}},
		{"invalid structured field ignored whole", []string{"noarchive"}, []string{"*;noindex, examplebot: nofollow"}, "", exampleBot,
			Directives{NoArchive: true}},
		{"all carriers", []string{"noarchive"}, []string{"*;nosnippet"},
			`<head><meta name="robots" content="noindex"><meta name="examplebot" content="nofollow">`, exampleBot,
			Directives{NoIndex: true, NoFollow: true, NoArchive: true, NoSnippet: true}},
		{"meta all lifts no header restriction", []string{"noindex"}, nil,
			`<head><meta name="robots" content="all"><meta name="examplebot" content="index, follow">`, exampleBot, Directives{NoIndex: true}},
		{"smaller max-snippet wins", []string{"max-snippet: 50"}, []string{"*;max-snippet=20"},
			`<head><meta name="robots" content="max-snippet:-1">`, exampleBot, Directives{MaxSnippet: new(20)}},
		{"-1 is no limit", []string{"max-snippet: -1"}, nil,
			`<head><meta name="robots" content="max-snippet:-1">`, exampleBot, Directives{MaxSnippet: new(-1)}},
		{"any limit beats -1", []string{"max-video-preview: -1"}, nil,
			`<head><meta name="examplebot" content="max-video-preview:30">`, exampleBot, Directives{MaxVideoPreview: new(30)}},
		{"zero is a limit", []string{"max-snippet: 0"}, []string{"*;max-snippet=-1"}, "", exampleBot, Directives{MaxSnippet: new(0)}},
		{"lowest image preview", []string{"max-image-preview: large"}, []string{"examplebot;max-image-preview=none"},
			`<head><meta name="robots" content="max-image-preview:standard">`, exampleBot, Directives{MaxImagePreview: "none"}},
		{"earliest date", []string{"unavailable_after: 2030-01-01"}, []string{`*;unavailable_after="2020-01-01"`},
			`<head><meta name="robots" content="unavailable_after: 25 Jun 2025 15:00:00 PST">`, exampleBot,
			Directives{UnavailableAfter: utc(2020, 1, 1, 0, 0, 0)}},
		{"unknown names merged without duplicates", []string{"noodp, noai"}, []string{"*;noai;noimageai"},
			`<head><meta name="robots" content="NOODP">`, exampleBot, Directives{Other: []string{"noodp", "noai", "noimageai"}}},
		{"agent with no product token gets generic sets only", []string{"noindex", ": nofollow"}, []string{"*;noarchive"},
			`<head><meta name="" content="nosnippet">`, "*/1.0", Directives{NoIndex: true, NoArchive: true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{}
			for _, v := range tc.xRobotsTag {
				h.Add("X-Robots-Tag", v)
			}
			for _, v := range tc.robotsTag {
				h.Add("Robots-Tag", v)
			}
			if tc.html != "" {
				h.Set("Content-Type", "text/html")
			}
			got := DirectivesFor(h, []byte(tc.html), tc.agent)
			if show(got) != show(tc.want) {
				t.Errorf("DirectivesFor(%v, %q, %q) = %s, want %s", h, tc.html, tc.agent, show(got), show(tc.want))
			}
		})
	}
}

// TestDirectivesForEveryFlag puts each flag through each carrier, alone and
// beside another carrier's flag, so that the union must keep both: flags
// are OR'ed (SPEC §3), whichever carrier sets them.
func TestDirectivesForEveryFlag(t *testing.T) {
	flags := []struct {
		name string
		set  Directives
	}{
		{"noindex", Directives{NoIndex: true}},
		{"nofollow", Directives{NoFollow: true}},
		{"noarchive", Directives{NoArchive: true}},
		{"nosnippet", Directives{NoSnippet: true}},
		{"noimageindex", Directives{NoImageIndex: true}},
		{"notranslate", Directives{NoTranslate: true}},
	}
	carriers := []struct {
		name  string
		carry func(h http.Header, flag string) string // adds flag to h, or returns a head holding it
	}{
		{"X-Robots-Tag", func(h http.Header, flag string) string { h.Add("X-Robots-Tag", flag); return "" }},
		{"X-Robots-Tag scoped", func(h http.Header, flag string) string { h.Add("X-Robots-Tag", "examplebot: "+flag); return "" }},
		{"Robots-Tag", func(h http.Header, flag string) string { h.Add("Robots-Tag", "*;"+flag); return "" }},
		{"Robots-Tag for the bot", func(h http.Header, flag string) string { h.Add("Robots-Tag", "examplebot;"+flag); return "" }},
		{"meta robots", func(h http.Header, flag string) string { return `<meta name="robots" content="` + flag + `">` }},
		{"meta for the bot", func(h http.Header, flag string) string { return `<meta name="ExampleBot" content="` + flag + `">` }},
	}
	for _, f := range flags {
		for _, c := range carriers {
			t.Run(f.name+" by "+c.name, func(t *testing.T) {
				h := http.Header{"Content-Type": {"text/html"}}
				head := c.carry(h, f.name)
				if got := DirectivesFor(h, []byte("<head>"+head), exampleBot); show(got) != show(f.set) {
					t.Errorf("alone: %s, want %s", show(got), show(f.set))
				}
				// Beside a flag from another carrier.
				other, want := "noarchive", f.set
				if f.set.NoArchive {
					other = "noindex"
					want.NoIndex = true
				} else {
					want.NoArchive = true
				}
				if head != "" { // the flag is in a meta tag: the other in a header
					h.Add("X-Robots-Tag", other)
				} else {
					head = `<meta name="robots" content="` + other + `">`
				}
				if got := DirectivesFor(h, []byte("<head>"+head), exampleBot); show(got) != show(want) {
					t.Errorf("beside %s: %s, want %s", other, show(got), show(want))
				}
			})
		}
	}
}

func TestDirectivesForNil(t *testing.T) {
	if got := DirectivesFor(nil, nil, ""); show(got) != show(Directives{}) {
		t.Errorf("DirectivesFor(nil, nil, \"\") = %s, want {}", show(got))
	}
}

// TestDirectivesForHeaderKeys: net/http stores header keys canonical, but a
// map written by hand may not; a restriction under another spelling of the
// name still applies, with the canonical key's lines first.
func TestDirectivesForHeaderKeys(t *testing.T) {
	h := http.Header{
		"x-robots-tag":      {"noindex"},
		"X-ROBOTS-TAG":      {"examplebot: nofollow"},
		"X-Robots-Tag":      {"noarchive, foo"},
		"X-Robot\u017f-Tag": {"notranslate"}, // long s: EqualFold, but no HTTP field name
		"robots-tag":        {"*;nosnippet;bar"},
		"content-type":      {"text/html"},
	}
	body := []byte(`<html><head><meta name="robots" content="noimageindex"></head></html>`)
	want := Directives{NoIndex: true, NoFollow: true, NoArchive: true, NoSnippet: true, NoImageIndex: true, Other: []string{"foo", "bar"}}
	for range 20 { // map order must not matter
		if got := DirectivesFor(h, body, exampleBot); show(got) != show(want) {
			t.Fatalf("DirectivesFor(%v) = %s, want %s", h, show(got), show(want))
		}
	}
}

func TestExplainDirectives(t *testing.T) {
	h := http.Header{}
	h.Add("X-Robots-Tag", "noindex, otherbot: nofollow")
	h.Add("X-Robots-Tag", "examplebot: max-snippet: 20")
	h.Add("Robots-Tag", "*;nosnippet")
	h.Add("Robots-Tag", "ExampleBot;noarchive")
	h.Set("Content-Type", "text/html")
	body := []byte(`<head><meta name="Robots" content="NOINDEX"><meta name="examplebot" content="notranslate"><meta name="otherbot" content="noimageindex"></head>`)

	got, sources := ExplainDirectives(h, body, exampleBot)
	if want := DirectivesFor(h, body, exampleBot); show(got) != show(want) {
		t.Errorf("ExplainDirectives = %s, DirectivesFor = %s; want the same", show(got), show(want))
	}
	want := []struct {
		carrier    Carrier
		name       string
		value      string
		directives string
		str        string
	}{
		{CarrierXRobotsTag, "", "noindex, otherbot: nofollow", "noindex", "X-Robots-Tag: noindex, otherbot: nofollow"},
		{CarrierXRobotsTag, "", "examplebot: max-snippet: 20", "examplebot: max-snippet: 20", "X-Robots-Tag: examplebot: max-snippet: 20"},
		{CarrierRobotsTag, "", "*;nosnippet, ExampleBot;noarchive", "nosnippet", "Robots-Tag: *;nosnippet, ExampleBot;noarchive"},
		{CarrierRobotsTag, "", "*;nosnippet, ExampleBot;noarchive", "examplebot: noarchive", "Robots-Tag: *;nosnippet, ExampleBot;noarchive"},
		{CarrierMetaTag, "robots", "NOINDEX", "noindex", `<meta name="robots" content="NOINDEX">`},
		{CarrierMetaTag, "examplebot", "notranslate", "examplebot: notranslate", `<meta name="examplebot" content="notranslate">`},
	}
	if len(sources) != len(want) {
		t.Fatalf("ExplainDirectives gave %d sources %v, want %d", len(sources), sources, len(want))
	}
	for i, w := range want {
		s := sources[i]
		if s.Carrier != w.carrier || s.Name != w.name || s.Value != w.value || s.Directives.String() != w.directives || s.Err != nil {
			t.Errorf("source %d = {%v %q %q %q %v}, want {%v %q %q %q <nil>}", i,
				s.Carrier, s.Name, s.Value, s.Directives.String(), s.Err, w.carrier, w.name, w.value, w.directives)
		}
		if s.String() != w.str {
			t.Errorf("source %d String() = %q, want %q", i, s.String(), w.str)
		}
	}

	// Every restriction of the result is set by some source, and the union
	// of the sources is the result.
	var union directiveSet
	for _, s := range sources {
		r := toDirectiveSet(s.Directives)
		union.union(&r)
	}
	union.bot = ""
	if u := union.directives(); show(u) != show(got) {
		t.Errorf("union of sources = %s, want the result %s", show(u), show(got))
	}
}

// TestExplainDirectivesSourceValues checks what a Source's Value holds: the
// X-Robots-Tag line as received (spaces and all, as a hand-built header keeps
// them), the Robots-Tag field cut to MaxRobotsTagBytes; and a carrier that
// restricts nothing is listed too.
func TestExplainDirectivesSourceValues(t *testing.T) {
	long := `*;noindex, x;a="` + strings.Repeat("f", MaxRobotsTagBytes) + `"`
	for _, tc := range []struct {
		name   string
		h      http.Header
		values []string
		sets   []string
	}{
		{"line as received", http.Header{"X-Robots-Tag": {" noindex "}}, []string{" noindex "}, []string{"noindex"}},
		{"restricts nothing", http.Header{"X-Robots-Tag": {"index, follow"}}, []string{"index, follow"}, []string{"all"}},
		{"field cut to the limit", http.Header{"Robots-Tag": {long}}, []string{"*;noindex"}, []string{"noindex"}},
		// A member names a bot: this field is valid and says nothing to us.
		{"Robots-Tag: noindex addresses a bot of that name", http.Header{"Robots-Tag": {"noindex"}}, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, sources := ExplainDirectives(tc.h, nil, exampleBot)
			var values, sets []string
			for _, src := range sources {
				values, sets = append(values, src.Value), append(sets, src.Directives.String())
			}
			if !slices.Equal(values, tc.values) || !slices.Equal(sets, tc.sets) {
				t.Errorf("ExplainDirectives sources: values %q, sets %q; want %q, %q", values, sets, tc.values, tc.sets)
			}
		})
	}
}

// TestDocumentedLimits checks that the limits are the documented numbers:
// RFC 9110 §4.1's 8,000 octets a URL, and 8,192 octets of a Robots-Tag
// field.
func TestDocumentedLimits(t *testing.T) {
	if MaxLinkBytes != 8000 || MaxRobotsTagBytes != 8192 {
		t.Errorf("MaxLinkBytes, MaxRobotsTagBytes = %d, %d; want 8000, 8192", MaxLinkBytes, MaxRobotsTagBytes)
	}
}

// TestSourceStringEscapes: a Source's string is one line of text a reader
// sees as it is, whatever a server sent.
func TestSourceStringEscapes(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  Source
		want string
	}{
		{"a header as received", Source{Carrier: CarrierXRobotsTag, Value: " noindex, nofollow"}, "X-Robots-Tag:  noindex, nofollow"},
		{"a bidi override and an octet that is not UTF-8", Source{Carrier: CarrierXRobotsTag, Value: "noindex, \u202egnp.live\u202c \xff"}, `X-Robots-Tag: noindex, \u202egnp.live\u202c \xff`},
		{"line ends and ESC from a header built by hand", Source{Carrier: CarrierRobotsTag, Value: "*;noindex\r\nX: y\x1b"}, `Robots-Tag: *;noindex\r\nX: y\x1b`},
		{"a meta tag, quoted", Source{Carrier: CarrierMetaTag, Name: "robots", Value: "noindex\n"}, `<meta name="robots" content="noindex\n">`},
	} {
		if got := tc.src.String(); got != tc.want {
			t.Errorf("%s: String() = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestExplainDirectivesIgnoredField(t *testing.T) {
	h := http.Header{"Robots-Tag": {"noindex, examplebot: nofollow"}}
	got, sources := ExplainDirectives(h, nil, exampleBot)
	if show(got) != show(Directives{}) {
		t.Errorf("ExplainDirectives(invalid Robots-Tag) = %s, want {}", show(got))
	}
	if len(sources) != 1 || sources[0].Carrier != CarrierRobotsTag || sources[0].Err == nil {
		t.Fatalf("ExplainDirectives(invalid Robots-Tag) sources = %v, want one Robots-Tag source with Err", sources)
	}
	if s := sources[0].String(); !strings.HasPrefix(s, "Robots-Tag: noindex, examplebot: nofollow (ignored: robots: ") {
		t.Errorf("Source.String() = %q, want it to say the field was ignored and why", s)
	}
}

func TestCarrierString(t *testing.T) {
	for c, want := range map[Carrier]string{
		CarrierXRobotsTag: "X-Robots-Tag", CarrierRobotsTag: "Robots-Tag", CarrierMetaTag: "meta", 0: "Carrier(0)", 9: "Carrier(9)",
	} {
		if got := c.String(); got != want {
			t.Errorf("Carrier(%d).String() = %q, want %q", uint8(c), got, want)
		}
	}
}

// toDirectiveSet is the inverse of directiveSet.directives, for checking unions.
func toDirectiveSet(d Directives) directiveSet {
	var r directiveSet
	r.bot = d.Bot
	for _, f := range flagNames {
		if d.flag(f.flag) {
			r.flags |= f.flag
		}
	}
	if d.MaxSnippet != nil {
		r.setLimit(vMaxSnippet, *d.MaxSnippet)
	}
	if d.MaxVideoPreview != nil {
		r.setLimit(vMaxVideoPreview, *d.MaxVideoPreview)
	}
	if d.MaxImagePreview != "" {
		r.setValue(vMaxImagePreview, d.MaxImagePreview)
	}
	if !d.UnavailableAfter.IsZero() {
		r.setUntil(d.UnavailableAfter)
	}
	for _, o := range d.Other {
		r.addOther(o)
	}
	return r
}

func TestString(t *testing.T) {
	tests := []struct {
		name     string
		d        Directives
		want     string
		explicit string
	}{
		{"empty", Directives{}, "all", "index, follow"},
		{"noindex", Directives{NoIndex: true}, "noindex", "noindex, follow"},
		{"nofollow", Directives{NoFollow: true}, "nofollow", "index, nofollow"},
		{"both", Directives{NoIndex: true, NoFollow: true}, "noindex, nofollow", "noindex, nofollow"},
		{"scoped", Directives{Bot: "examplebot", NoSnippet: true}, "examplebot: nosnippet", "examplebot: index, follow, nosnippet"},
		{"scoped empty", Directives{Bot: "examplebot"}, "examplebot: all", "examplebot: index, follow"},
		{"every flag", Directives{NoIndex: true, NoFollow: true, NoArchive: true, NoSnippet: true, NoImageIndex: true, NoTranslate: true},
			"noindex, nofollow, noarchive, nosnippet, noimageindex, notranslate",
			"noindex, nofollow, noarchive, nosnippet, noimageindex, notranslate"},
		{"limits", Directives{MaxSnippet: new(20), MaxVideoPreview: new(-1), MaxImagePreview: "large"},
			"max-snippet: 20, max-image-preview: large, max-video-preview: -1",
			"index, follow, max-snippet: 20, max-image-preview: large, max-video-preview: -1"},
		{"date", Directives{UnavailableAfter: utc(2010, 6, 25, 23, 0, 0)},
			"unavailable_after: Friday, 25-Jun-10 23:00:00 UTC", "index, follow, unavailable_after: Friday, 25-Jun-10 23:00:00 UTC"},
		{"date in another zone written in UTC", Directives{UnavailableAfter: time.Date(2010, 6, 25, 15, 0, 0, 0, time.FixedZone("PST", -8*3600))},
			"unavailable_after: Friday, 25-Jun-10 23:00:00 UTC", "index, follow, unavailable_after: Friday, 25-Jun-10 23:00:00 UTC"},
		{"date, then Other", Directives{UnavailableAfter: utc(2010, 6, 25, 23, 0, 0), Other: []string{"noai"}},
			"unavailable_after: Friday, 25-Jun-10 23:00:00 UTC, noai", "index, follow, unavailable_after: Friday, 25-Jun-10 23:00:00 UTC, noai"},
		{"2049 in two digits", Directives{UnavailableAfter: utc(2049, 6, 1, 0, 0, 0)},
			"unavailable_after: Tuesday, 01-Jun-49 00:00:00 UTC", "index, follow, unavailable_after: Tuesday, 01-Jun-49 00:00:00 UTC"},
		{"1950 in two digits", Directives{UnavailableAfter: utc(1950, 6, 1, 0, 0, 0)},
			"unavailable_after: Thursday, 01-Jun-50 00:00:00 UTC", "index, follow, unavailable_after: Thursday, 01-Jun-50 00:00:00 UTC"},
		{"2050 has four digits", Directives{UnavailableAfter: utc(2050, 6, 25, 15, 0, 0)},
			"unavailable_after: Saturday, 25-Jun-2050 15:00:00 UTC", "index, follow, unavailable_after: Saturday, 25-Jun-2050 15:00:00 UTC"},
		{"date past 2049 has four digits", Directives{UnavailableAfter: utc(2075, 1, 2, 3, 4, 5)},
			"unavailable_after: Wednesday, 02-Jan-2075 03:04:05 UTC", "index, follow, unavailable_after: Wednesday, 02-Jan-2075 03:04:05 UTC"},
		{"date before 1950 has four digits", Directives{UnavailableAfter: utc(1949, 12, 31, 0, 0, 0)},
			"unavailable_after: Saturday, 31-Dec-1949 00:00:00 UTC", "index, follow, unavailable_after: Saturday, 31-Dec-1949 00:00:00 UTC"},
		{"other", Directives{Bot: "examplebot", NoIndex: true, Other: []string{"noodp", "noai"}},
			"examplebot: noindex, noodp, noai", "examplebot: noindex, follow, noodp, noai"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.d.String(); got != tc.want {
				t.Errorf("%s.String() = %q, want %q", show(tc.d), got, tc.want)
			}
			if got := tc.d.ExplicitString(); got != tc.explicit {
				t.Errorf("%s.ExplicitString() = %q, want %q", show(tc.d), got, tc.explicit)
			}
			want := normalize(tc.d)
			if got := ParseDirectives(tc.d.ExplicitString()); !same(got, want) {
				t.Errorf("ParseDirectives(%q) = %s, want %s", tc.d.ExplicitString(), showAll(got), showAll(want))
			}
			if got := ParseDirectives(tc.d.String()); !same(got, want) {
				t.Errorf("ParseDirectives(%q) = %s, want %s", tc.d.String(), showAll(got), showAll(want))
			}
		})
	}
}

// normalize returns what parsing d's writing gives back: d in UTC.
func normalize(d Directives) []Directives {
	r := toDirectiveSet(d)
	r.until = r.until.UTC()
	return []Directives{r.directives()}
}

// TestMetaTag checks the meta tags MetaTag writes, and that DirectivesFor
// reads each back, in a page's head, for the bot it names.
func TestMetaTag(t *testing.T) {
	date := time.Date(2026, 12, 31, 15, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name string
		d    Directives
		want string
	}{
		{"every bot", Directives{NoIndex: true}, `<meta name="robots" content="noindex, follow">`},
		{"scoped", Directives{Bot: "examplebot", NoFollow: true, MaxSnippet: new(20)},
			`<meta name="examplebot" content="index, nofollow, max-snippet: 20">`},
		{"a token with a hyphen", Directives{Bot: "examplebot-news", NoSnippet: true}, `<meta name="examplebot-news" content="index, follow, nosnippet">`},
		{"empty", Directives{}, `<meta name="robots" content="index, follow">`},
		{"a date", Directives{UnavailableAfter: date}, `<meta name="robots" content="index, follow, unavailable_after: Thursday, 31-Dec-26 15:00:00 UTC">`},
		{"escaped for HTML", Directives{Other: []string{`a"b`, "c&d", "<e>"}}, `<meta name="robots" content="index, follow, a&#34;b, c&amp;d, &lt;e&gt;">`},
		{"a CR, which HTML would read as a line feed", Directives{Other: []string{"a\rb"}}, `<meta name="robots" content="index, follow, a&#13;b">`},
		{"a name escaped for HTML", Directives{Bot: `a"b<`, NoIndex: true}, `<meta name="a&#34;b&lt;" content="noindex, follow">`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tag := tc.d.MetaTag()
			if tag != tc.want {
				t.Errorf("MetaTag() = %s, want %s", tag, tc.want)
			}
			if tc.d.Bot != "" && ProductToken(tc.d.Bot) != tc.d.Bot {
				return // no meta tag is read for such a name
			}
			agent := "OtherBot/1.0"
			if tc.d.Bot != "" {
				agent = tc.d.Bot + "/1.0"
			}
			h := http.Header{"Content-Type": {"text/html"}}
			body := []byte("<!doctype html><html><head><title>t</title>" + tag + "</head><body></body></html>")
			want := tc.d
			want.Bot = ""
			if got := DirectivesFor(h, body, agent); !reflect.DeepEqual(got, want) {
				t.Errorf("DirectivesFor(%s, %q) = %+v, want %+v", tag, agent, got, want)
			}
			if tc.d.Bot != "" {
				if got := DirectivesFor(h, body, "OtherBot/1.0"); !got.IsEmpty() {
					t.Errorf("DirectivesFor(%s, OtherBot) = %+v, want nothing", tag, got)
				}
			}
		})
	}
}

func TestFormatRobotsTag(t *testing.T) {
	type formatCase struct {
		name    string
		sets    []Directives
		want    string
		wantErr string // what the error names after "robots: writing Robots-Tag: "; "" for none
	}
	tests := []formatCase{
		{"none", nil, "", ""},
		{"empty set", []Directives{{}}, "*", ""},
		{"draft example", []Directives{{NoSnippet: true}, {Bot: "examplebot", NoIndex: true}}, "*;nosnippet, examplebot;noindex", ""},
		{"everything", []Directives{{
			NoIndex: true, NoFollow: true, NoArchive: true, NoSnippet: true, NoImageIndex: true, NoTranslate: true,
			MaxSnippet: new(20), MaxVideoPreview: new(-1), MaxImagePreview: "standard",
			UnavailableAfter: utc(2010, 6, 25, 23, 0, 0), Other: []string{"noai"},
		}}, `*;noindex;nofollow;noarchive;nosnippet;noimageindex;notranslate;max-snippet=20;max-image-preview=standard;max-video-preview=-1;unavailable_after="2010-06-25T23:00:00Z";noai`, ""},
		{"bot that is no token", []Directives{{Bot: "example bot", NoIndex: true}}, "", `set 0: Bot "example bot": `},
		{"bot named *", []Directives{{Bot: "*", NoIndex: true}}, "", `a Bot named "*"`},
		{"other name that is no key", []Directives{{Other: []string{"acap allow-index"}}}, "", `set 0 (Bot ""): Other "acap allow-index": `},
		{"other name in upper case", []Directives{{Bot: "examplebot", NoIndex: true, Other: []string{"noai", "NOAI"}}}, "", `set 0 (Bot "examplebot"): Other "NOAI": `},
		{"max-image-preview that is no token", []Directives{{MaxImagePreview: "a b"}}, "", `set 0 (Bot ""): MaxImagePreview "a b": `},
	}
	if strconv.IntSize == 64 {
		// RFC 8941 §3.3.1's integers run to 15 digits, past what an int of
		// 32 bits holds; sfvBeyond is a variable so that this compiles there.
		tests = append(tests,
			formatCase{"limit above the largest integer", []Directives{{MaxSnippet: new(int(sfvBeyond))}}, "", `set 0 (Bot ""): MaxSnippet 1000000000000000: `},
			formatCase{"limit below the smallest integer", []Directives{{MaxVideoPreview: new(int(-sfvBeyond))}}, "", `set 0 (Bot ""): MaxVideoPreview -1000000000000000: `},
		)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := FormatRobotsTag(tc.sets...)
			if (err != nil) != (tc.wantErr != "") || got != tc.want {
				t.Fatalf("FormatRobotsTag(%s) = %q, %v; want %q, error %q", showAll(tc.sets), got, err, tc.want, tc.wantErr)
			}
			if err != nil {
				// The error names what cannot be written, which
				// httpsfv's, naming only a character, does not.
				if want := "robots: writing Robots-Tag: " + tc.wantErr; !strings.HasPrefix(err.Error(), want) {
					t.Errorf("FormatRobotsTag error %q, want it to start %q", err, want)
				}
				return
			}
			back, err := ParseRobotsTag(got)
			if err != nil || !same(back, tc.sets) {
				t.Errorf("ParseRobotsTag(%q) = %s, %v; want %s", got, showAll(back), err, showAll(tc.sets))
			}
		})
	}
	// What reads back as an equal set, not the same one: a date in UTC
	// and whole seconds, a bot as given (the reader lower-cases it).
	for _, tc := range []struct {
		set  Directives
		want string
	}{
		{Directives{UnavailableAfter: time.Date(2010, 6, 25, 15, 0, 0, 500_000_000, time.FixedZone("PST", -8*3600))}, `*;unavailable_after="2010-06-25T23:00:00Z"`},
		{Directives{Bot: "ExampleBot", NoIndex: true}, "ExampleBot;noindex"},
	} {
		if got, err := FormatRobotsTag(tc.set); err != nil || got != tc.want {
			t.Errorf("FormatRobotsTag(%s) = %q, %v; want %q", show(tc.set), got, err, tc.want)
		}
	}
	// The error counts sets from 0, in the order given.
	_, err := FormatRobotsTag(Directives{NoIndex: true}, Directives{Bot: "example bot", NoIndex: true})
	if want := `set 1: Bot "example bot": `; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("FormatRobotsTag with a Bot that is no token: error %v, want one naming %s", err, want)
	}
}

// TestIsHTML checks the Content-Type rule, and that IsHTML is true exactly
// where DirectivesFor reads meta tags.
func TestIsHTML(t *testing.T) {
	page := []byte(`<html><head><meta name="robots" content="noindex"></head><body><a href="/x">x</a></body></html>`)
	tests := []struct {
		contentType string // "": none
		body        []byte
		want        bool
	}{
		{"", page, true}, // sniffed
		{"", []byte("just text, <a href=/x>"), false},
		{"", append([]byte("\xef\xbb\xbf"), page...), false},         // a byte order mark sniffs as text/plain,
		{"", append([]byte("\xff\xfe"), page...), false},             // whatever follows it
		{"text/html", append([]byte("\xef\xbb\xbf"), page...), true}, // unless the type says HTML
		{"text/html", page, true},
		{"TEXT/HTML; Charset=UTF-8", page, true},
		{"text/html; charset", page, true},
		{`text/html; charset="utf-8`, page, true},
		{"text/html;foo=bar baz", page, true},
		{"text/html; charset=utf-8; charset=latin1", page, true},
		{"Text/Html", []byte("plain text"), true}, // the type decides, not the body
		{";charset=utf-8", page, false},           // a Content-Type, naming no type: not sniffed
		{" application/xhtml+xml ", page, true},
		{"Application/XHTML+XML; charset=utf-8", page, true},
		{"text/html\u00a0", page, false},
		{"text/plain", page, false},
		{"application/xml", page, false},
		{"text/htmlx", page, false},
		{"text/html junk", page, false}, // not a media type
		{"text/html\x00", page, false},
		// RFC 9110 §5.3: a line a proxy joined from several reads as they
		// would, the first deciding.
		{"text/html, text/plain", page, true},
		{"text/plain, text/html", page, false},
		{"text/html;charset=utf-8, text/plain", page, true},
		{`text/plain; x="a,text/html", text/html`, page, false}, // a quoted comma separates nothing
		{", text/html", page, true},                             // an empty member is none
		{" , ", page, true},                                     // nor is a value of empty members: sniffed
		{",", []byte("plain"), false},                           // as a body that is not HTML
	}
	for _, tc := range tests {
		h := http.Header{}
		if tc.contentType != "" {
			h.Set("Content-Type", tc.contentType)
		}
		if got := IsHTML(h, tc.body); got != tc.want {
			t.Errorf("IsHTML(Content-Type %q, %q) = %v, want %v", tc.contentType, tc.body, got, tc.want)
		}
		if reads := DirectivesFor(h, tc.body, "examplebot").NoIndex; bytes.Equal(tc.body, page) && reads != tc.want {
			t.Errorf("Content-Type %q: IsHTML = %v, but DirectivesFor reads meta tags: %v", tc.contentType, tc.want, reads)
		}
	}
}

// TestFormatRobotsTagOtherKnown: an Other name that the set's fields have
// written already must not replace their value, since a parameter given
// twice takes its last one: a limit would come back as none.
func TestFormatRobotsTagOtherKnown(t *testing.T) {
	tests := []struct {
		name string
		set  Directives
		want string
		back Directives // what ParseRobotsTag reads
	}{
		{"max-snippet", Directives{MaxSnippet: new(20), Other: []string{"max-snippet"}},
			"*;max-snippet=20", Directives{MaxSnippet: new(20)}},
		{"max-image-preview", Directives{MaxImagePreview: "none", Other: []string{"max-image-preview"}},
			"*;max-image-preview=none", Directives{MaxImagePreview: "none"}},
		{"unavailable_after", Directives{UnavailableAfter: utc(2010, 6, 25, 15, 0, 0), Other: []string{"unavailable_after"}},
			`*;unavailable_after="2010-06-25T15:00:00Z"`, Directives{UnavailableAfter: utc(2010, 6, 25, 15, 0, 0)}},
		{"a flag set and named again", Directives{NoIndex: true, Other: []string{"noindex", "noai"}},
			"*;noindex;noai", Directives{NoIndex: true, Other: []string{"noai"}}},
		{"a flag named only in Other is written", Directives{Other: []string{"noindex"}},
			"*;noindex", Directives{NoIndex: true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := FormatRobotsTag(tc.set)
			if err != nil || got != tc.want {
				t.Fatalf("FormatRobotsTag(%s) = %q, %v; want %q", show(tc.set), got, err, tc.want)
			}
			if back, err := ParseRobotsTag(got); err != nil || !same(back, []Directives{tc.back}) {
				t.Errorf("ParseRobotsTag(%q) = %s, %v; want %s", got, showAll(back), err, show(tc.back))
			}
		})
	}
}

// TestStringWritesInvalidSetsAsTheyAre pins what String's doc says of a set
// built by hand that fails its round-trip conditions: written as it is,
// nothing escaped, refused or left out, so that it may read back as
// another set.
func TestStringWritesInvalidSetsAsTheyAre(t *testing.T) {
	below := -5
	tests := []struct {
		name string
		d    Directives
		want string       // String's output
		raw  string       // the value as written, in ExplicitString's too
		back []Directives // what ParseDirectives reads of String's
	}{
		{"a value holding a comma", Directives{MaxImagePreview: "large, noindex"}, "max-image-preview: large, noindex", "large, noindex",
			[]Directives{{NoIndex: true, MaxImagePreview: "large"}}},
		{"a Bot holding a comma", Directives{Bot: "a,b", NoIndex: true}, "a,b: noindex", "a,b: ",
			[]Directives{{Other: []string{"a"}}, {Bot: "b", NoIndex: true}}},
		{"a limit below -1", Directives{MaxSnippet: &below}, "max-snippet: -5", "max-snippet: -5", []Directives{{}}},
		{"a name holding CR LF", Directives{Other: []string{"x\r\ny"}}, "x\r\ny", "x\r\ny", []Directives{{Other: []string{"x\r\ny"}}}},
		// An empty name is an item too, in every writer (String wrote "all"
		// for it alone, and dropped it when it came first; found by an
		// audit of zero values).
		{"an empty Other name alone", Directives{Other: []string{""}}, "", "index, follow, ", nil},
		{"an empty Other name first", Directives{NoIndex: true, Other: []string{"", "x"}}, "noindex, , x", "noindex, follow, , x",
			[]Directives{{NoIndex: true, Other: []string{"x"}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.d.String()
			if got != tc.want {
				t.Fatalf("String() = %q, want %q", got, tc.want)
			}
			if explicit := tc.d.ExplicitString(); !strings.Contains(explicit, tc.raw) {
				t.Errorf("ExplicitString() = %q, want %q written as it is", explicit, tc.raw)
			}
			if back := ParseDirectives(got); !same(back, tc.back) {
				t.Errorf("ParseDirectives(%q) = %v, want %v", got, back, tc.back)
			}
		})
	}
}

// TestRoundTrip writes every set the parser tests produce with each writer
// and reads it back.
func TestRoundTrip(t *testing.T) {
	values := []string{
		"noindex, nofollow, googlebot: noarchive, max-snippet: 5, robots: nosnippet, max-image-preview: none",
		"unavailable_after: Wed, 25 Jun 2025 15:00:00 GMT, max-video-preview: 0, noodp",
		"examplebot: all, otherbot:, noai, NOIMAGEAI",
		"ACAP allow-index, 대전, x y z",
		"unavailable_after: 1950-01-01T00:00:00+01:00, unavailable_after: 9999-12-31",
	}
	for _, v := range values {
		for _, d := range ParseDirectives(v) {
			for _, s := range []string{d.String(), d.ExplicitString()} {
				if got := ParseDirectives(s); !same(got, []Directives{d}) {
					t.Errorf("ParseDirectives(%q) = %s, want %s", s, showAll(got), show(d))
				}
			}
			field, err := FormatRobotsTag(d)
			if err != nil {
				continue // names that are no structured-field keys
			}
			if got, err := ParseRobotsTag(field); err != nil || !same(got, []Directives{d}) {
				t.Errorf("ParseRobotsTag(%q) = %s, %v; want %s", field, showAll(got), err, show(d))
			}
		}
	}
}

func TestParseDirectivesMany(t *testing.T) {
	// Many distinct bots and names: linear, merged, no duplicates.
	var b strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&b, "bot%c%d: noindex, name%d, name%d, ", 'a'+i%26, i, i, i)
	}
	b.WriteString("bota0: nofollow")
	got := ParseDirectives(b.String())
	if len(got) != 5000 {
		t.Fatalf("ParseDirectives(5000 bots) gave %d sets, want 5000", len(got))
	}
	if first := got[0]; first.Bot != "bota0" || !first.NoFollow || !first.NoIndex || !slices.Equal(first.Other, []string{"name0"}) {
		t.Errorf("first set = %s, want bota0 merged with its later scope", show(first))
	}
	var other strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&other, "n%d, n%d, ", i, i%100)
	}
	sets := ParseDirectives(other.String())
	if len(sets) != 1 || len(sets[0].Other) != 5000 {
		t.Fatalf("ParseDirectives(10000 names) = %d sets, want 1 with 5000 names", len(sets))
	}
}

func TestLinks(t *testing.T) {
	t.Parallel()
	page, _ := url.Parse("https://example.com/dir/page.html?q=1#top")
	deep := strings.Repeat("<div>", 10000) + `<a href="/deep">` + strings.Repeat("</div>", 10000)
	long := strings.Repeat("a", 1<<20)
	tests := []struct {
		name string
		base *url.URL
		html string
		want []Link
	}{
		{"none", page, `<p>no links</p>`, nil},
		{"relative", page, `<a href="other.html">x</a>`, []Link{{URL: "https://example.com/dir/other.html"}}},
		{"root-relative and absolute", page, `<a href="/a">x</a><a href="http://other.example/b">`,
			[]Link{{URL: "https://example.com/a"}, {URL: "http://other.example/b"}}},
		{"protocol-relative", page, `<a href="//cdn.example/x">`, []Link{{URL: "https://cdn.example/x"}}},
		{"dot segments", page, `<a href="../up/./x">`, []Link{{URL: "https://example.com/up/x"}}},
		// The URL Standard's path parser reads "%2e" as a dot in a dot
		// segment (RFC 3986 §6.2.2.2 makes them the same), and only there.
		{"dot segments written as escapes", page, `<a href="%2e%2E/a"><a href="/x/.%2e/b"><a href="/x/%2e./c"><a href="/x/%2e/d"><a href="/x/%2e"><a href="/x/%2ex"><a href="/x/..."><a href="/x/%2e%2e%2e">`,
			[]Link{{URL: "https://example.com/a"}, {URL: "https://example.com/b"}, {URL: "https://example.com/c"}, {URL: "https://example.com/x/d"},
				{URL: "https://example.com/x/"}, {URL: "https://example.com/x/%2ex"}, {URL: "https://example.com/x/..."}, {URL: "https://example.com/x/%2e%2e%2e"}}},
		// net/url's removal of dot segments drops empty ones too: "/x".
		{"an empty segment after a double dot kept", page, `<a href="..//x"><a href="/a/b/..//c/./">`,
			[]Link{{URL: "https://example.com//x"}, {URL: "https://example.com/a//c/"}}},
		{"dot segments past the root dropped", page, `<a href="/../../x"><a href="../../..">`,
			[]Link{{URL: "https://example.com/x"}, {URL: "https://example.com/"}}},
		{"nil base: dot segments of an absolute URL removed", nil, `<a href="http://h.example/a/../b/%2e/c"><a href="/a/./../b"><a href="a/../b">`,
			[]Link{{URL: "http://h.example/b/c"}, {URL: "/b"}, {URL: "a/../b"}}},
		{"a base href naming no host ignored", page, `<base href="///x/"><a href="a">`, []Link{{URL: "https://example.com/dir/a"}}},
		// HTML §4.2.3: a data: or javascript: base leaves the page's URL in
		// force, and, being the first <base href>, hides any later one.
		{"a javascript: base href ignored, and a later one with it", page,
			`<base href="JavaScript:void(0)"><base href="http://other.example/"><a href="a">`, []Link{{URL: "https://example.com/dir/a"}}},
		{"a data: base href ignored", page, `<base href="data:text/html,hi"><a href="b">`, []Link{{URL: "https://example.com/dir/b"}}},
		{"a mailto: base href kept: relative links do not resolve", page, `<base href="mailto:x@example.com"><a href="c"><a href="/d"><a href="http://h.example/e">`,
			[]Link{{URL: "http://h.example/e"}}},
		{"dot segments of a base href removed", page, `<base href="/a/%2e%2e/b/./"><a href="x">`, []Link{{URL: "https://example.com/b/x"}}},
		// url.Parse decodes a path that needs escaping and escapes it again,
		// which would turn "%2F" into a slash: another resource.
		{"a path's escapes kept beside what net/url escapes", page,
			`<a href="/&#233;%2F"><a href="/&#26085;%2F..%2F"><a href="/a%2Fb|"><a href="/&#233;%3B%3D%26%40%2C%2B%24%3F%23^">`,
			[]Link{{URL: "https://example.com/%C3%A9%2F"}, {URL: "https://example.com/%E6%97%A5%2F..%2F"}, {URL: "https://example.com/a%2Fb%7C"},
				{URL: "https://example.com/%C3%A9%3B%3D%26%40%2C%2B%24%3F%23%5E"}}},
		{"a base href's escapes kept beside what net/url escapes", page, `<base href="/&#233;%2F/"><a href="x">`, []Link{{URL: "https://example.com/%C3%A9%2F/x"}}},
		{"a host past ASCII left to url.Parse", page, `<a href="//b&#252;cher.example/&#252;">`, []Link{{URL: "https://b%C3%BCcher.example/%C3%BC"}}},
		{"a fragment is not read", page, `<a href="/p#50%"><a href="#%zz">`, []Link{{URL: "https://example.com/p"}, {URL: "https://example.com/dir/page.html?q=1"}}},
		{"a stray % or a colon in the first segment is no link", page, `<a href="/50%-off"><a href=":a"><a href="1a:b">`, nil},
		{"query kept, fragment dropped", page, `<a href="/a?b=c#d">`, []Link{{URL: "https://example.com/a?b=c"}}},
		// The URL Standard's special-query percent-encode set, which
		// net/url leaves as written: a space would break a request line.
		{"query: space, quotes, <, > and non-ASCII escaped as a browser does", page, `<a href="/s?q=a b&amp;c=&#228;&#x27;&quot;<>">`,
			[]Link{{URL: "https://example.com/s?q=a%20b&c=%C3%A4%27%22%3C%3E"}}},
		{"query: escapes, and what browsers send as it is, kept", page, `<a href="/s?q=a%20b%zz&r={|}^` + "`" + `[]!$()*,;:@/?">`,
			[]Link{{URL: "https://example.com/s?q=a%20b%zz&r={|}^`[]!$()*,;:@/?"}}},
		{"query: an octet that is not UTF-8 escaped as it is", page, "<a href=\"/s?q=caf\xe9\">", []Link{{URL: "https://example.com/s?q=caf%E9"}}},
		{"query of a relative link without a base", nil, `<a href="s?q=a b">`, []Link{{URL: "s?q=a%20b"}}},
		{"controls in a path and a query escaped as a browser does", page, "<a href=\"/a\x01b\x0c?c\x7fd\x1f#e\x01\">",
			[]Link{{URL: "https://example.com/a%01b%0C?c%7Fd%1F"}}},
		{"a control in a host is no link", page, "<a href=\"http://a\x01b/x\">", nil},
		{"a space in a host is no link", page, `<a href="http://a b/x">`, nil},
		{"query: a tilde kept", page, `<a href="/s?q=a~b">`, []Link{{URL: "https://example.com/s?q=a~b"}}},
		{"query: DEL escaped, alone", page, "<a href=\"/a?c\x7fd\">", []Link{{URL: "https://example.com/a?c%7Fd"}}},
		{"newlines and returns inside removed", page, "<a href=\"/a\nb\rc\">", []Link{{URL: "https://example.com/abc"}}},
		// A base built in code, not parsed: its query is escaped as a
		// link's is, '#' too, which would otherwise start a fragment.
		{"a built base's query escaped", &url.URL{Scheme: "https", Host: "example.com", Path: "/p", RawQuery: "a\x7fb#c"}, `<a href="">`,
			[]Link{{URL: "https://example.com/p?a%7Fb%23c"}}},
		{"a built base with an opaque path and no scheme names no page", &url.URL{Opaque: "x"}, `<a href="">`, nil},
		// Made in code, a base's host is not checked by url.Parse: one it
		// refuses names no origin, and the links relative to it none either,
		// which RobotsURL would refuse (found by an audit of nil and zero
		// values).
		{"a built base with an unclosed IPv6 literal", &url.URL{Scheme: "http", Host: "[::1", Path: "/"}, `<a href="x"><a href="/y"><a href="http://a/b">`,
			[]Link{{URL: "http://a/b"}}},
		{"a built base with an IPv4 address in brackets", &url.URL{Scheme: "https", Host: "[1.2.3.4]", Path: "/"}, `<a href="x"><a href="//h/z">`,
			[]Link{{URL: "https://h/z"}}},
		{"a built base with an IPv6 literal and a port", &url.URL{Scheme: "http", Host: "[::1]:8080", Path: "/d/"}, `<a href="x">`,
			[]Link{{URL: "http://[::1]:8080/d/x"}}},
		{"a base's query escaped as its links' are", page, `<base href="/b/?x y"><a href=""><a href="?z">`,
			[]Link{{URL: "https://example.com/b/?x%20y"}, {URL: "https://example.com/b/?z"}}},
		{"a base whose query escaped is too long is ignored", page, `<base href="/b/?` + strings.Repeat("é", MaxLinkBytes/4) + `"><a href="c"><a href="">`,
			[]Link{{URL: "https://example.com/dir/c"}, {URL: "https://example.com/dir/page.html?q=1"}}},
		{"fragment only is the page", page, `<a href="#top">`, []Link{{URL: "https://example.com/dir/page.html?q=1"}}},
		{"empty href is the page", page, `<a href="">`, []Link{{URL: "https://example.com/dir/page.html?q=1"}}},
		{"area", page, `<map><area href="/map" rel="nofollow"></map>`, []Link{{URL: "https://example.com/map", Rel: []string{"nofollow"}, NoFollow: true}}},
		{"no href", page, `<a name="x">x</a><a>y</a>`, nil},
		{"link and img are not links", page, `<link href="/style.css"><img src="/i.png"><form action="/f">`, nil},
		{"upper case", page, `<A HREF="/UP" REL="NOFOLLOW">`, []Link{{URL: "https://example.com/UP", Rel: []string{"nofollow"}, NoFollow: true}}},
		{"entities", page, `<a href="/a?x=1&amp;y=2&#38;z=3">`, []Link{{URL: "https://example.com/a?x=1&y=2&z=3"}}},
		{"whitespace around and inside", page, "<a href=\" \n/a\tb\n \">", []Link{{URL: "https://example.com/ab"}}},
		{"space escaped", page, `<a href="/a b">`, []Link{{URL: "https://example.com/a%20b"}}},
		{"space escaped, the path's escapes kept", page, `<a href="/a b%2Fc">`, []Link{{URL: "https://example.com/a%20b%2Fc"}}},
		{"space in userinfo escaped as a browser does", page, `<a href="http://a b@example.com/x">`, []Link{{URL: "http://a%20b@example.com/x"}}},
		{"nil base, escaped slash kept in a path that needs /. before it", nil, `<base href="/"><a href=".//x%2Fy">`, []Link{{URL: "/.//x%2Fy"}}},
		{"a scheme with a digit and a backslash", page, `<a href="a1:\x">`, nil},
		// Only resolved: net/url's spelling of host, port and userinfo stays.
		{"not normalised", page, `<a href="HTTP://Bücher.Example:80/P"><a href="//user:pw@example.com/">`,
			[]Link{{URL: "http://B%C3%BCcher.Example:80/P"}, {URL: "https://user:pw@example.com/"}}},
		{"an IPv4 address kept as written", page, `<a href="http://127.1/"><a href="//0x7f.0.0.1/">`,
			[]Link{{URL: "http://127.1/"}, {URL: "https://0x7f.0.0.1/"}}},
		{"duplicates kept in order", page, `<a href="/x"><a href="/y"><a href="/x">`,
			[]Link{{URL: "https://example.com/x"}, {URL: "https://example.com/y"}, {URL: "https://example.com/x"}}},
		{"first href wins", page, `<a href="/first" href="/second">`, []Link{{URL: "https://example.com/first"}}},

		// rel.
		{"ugc", page, `<a href="/u" rel="ugc">`, []Link{{URL: "https://example.com/u", Rel: []string{"ugc"}, NoFollow: true}}},
		{"sponsored", page, `<a href="/s" rel="Sponsored">`, []Link{{URL: "https://example.com/s", Rel: []string{"sponsored"}, NoFollow: true}}},
		{"several tokens", page, "<a href=\"/t\" rel=\"noopener\t\nNOFOLLOW  noreferrer\">",
			[]Link{{URL: "https://example.com/t", Rel: []string{"noopener", "nofollow", "noreferrer"}, NoFollow: true}}},
		{"comma-joined is one token", page, `<a href="/c" rel="nofollow,noopener">`, []Link{{URL: "https://example.com/c", Rel: []string{"nofollow,noopener"}}}},
		{"whole tokens only", page, `<a href="/w" rel="nofollowed external">`, []Link{{URL: "https://example.com/w", Rel: []string{"nofollowed", "external"}}}},
		{"curly quotes", page, `<a href="/q" rel=“nofollow”>`, []Link{{URL: "https://example.com/q", Rel: []string{"“nofollow”"}}}},
		{"empty rel", page, `<a href="/e" rel=" ">`, []Link{{URL: "https://example.com/e"}}},

		// <base href>.
		{"base", page, `<head><base href="https://base.example/sub/"></head><a href="x">`, []Link{{URL: "https://base.example/sub/x"}}},
		{"relative base", page, `<base href="/sub/"><a href="x">`, []Link{{URL: "https://example.com/sub/x"}}},
		{"base applies to earlier links", page, `<a href="x"><base href="/sub/">`, []Link{{URL: "https://example.com/sub/x"}}},
		{"first base wins", page, `<base href="/one/"><base href="/two/"><a href="x">`, []Link{{URL: "https://example.com/one/x"}}},
		// A tree builder moves the second <base>, misplaced in the table, to
		// before the table, first in tree order; Links takes the first in the
		// text, as its doc says.
		{"first base in the text, not in tree order", page, `<table><td><base href="/one/"><a href=x>x<tr><p><base href=/two/>`, []Link{{URL: "https://example.com/one/x"}}},
		{"a ws base with no host leaves the page's", page, `<base href="ws://:80/"><a href="x">`, []Link{{URL: "https://example.com/dir/x"}}},
		{"a base of exactly MaxLinkBytes", page, `<base href="https://b.example/` + strings.Repeat("m", MaxLinkBytes-len("https://b.example//")) + `/"><a href="">`,
			[]Link{{URL: "https://b.example/" + strings.Repeat("m", MaxLinkBytes-len("https://b.example//")) + "/"}}},
		// The URL Standard strips C0 controls and spaces around a URL and
		// removes tabs and line breaks within it; a CR reaches the href
		// only as a character reference.
		{"C0 control before an href", page, "<a href=\"\x0b/x\">", []Link{{URL: "https://example.com/x"}}},
		{"CR inside an href", page, `<a href="/c&#13;d">`, []Link{{URL: "https://example.com/cd"}}},
		{"rel after leading space", page, `<a href="/x" rel=" nofollow">`, []Link{{URL: "https://example.com/x", Rel: []string{"nofollow"}, NoFollow: true}}},
		{"base without href skipped", page, `<base target="_blank"><base href="/two/"><a href="x">`, []Link{{URL: "https://example.com/two/x"}}},
		{"unparseable base ignored", page, `<base href="http://[::1"><a href="x">`, []Link{{URL: "https://example.com/dir/x"}}},
		// HTML §4.2.3: the first <base href> of the document, which a
		// template's content is not part of; one whose URL a browser cannot
		// parse leaves the page's in force.
		{"base in a template ignored", page, `<template><base href="/t/"></template><a href="x">`, []Link{{URL: "https://example.com/dir/x"}}},
		{"base after a template", page, `<template><base href="/t/"></template><base href="/h/"><a href="x">`, []Link{{URL: "https://example.com/h/x"}}},
		{"base after templates nested past those followed", page,
			strings.Repeat("<template>", 17) + strings.Repeat("</template>", 17) + `<base href="/h/"><a href="x">`, []Link{{URL: "https://example.com/h/x"}}},
		// Backslashes are slashes in http(s) and relative hrefs only: this
		// ftp base has no host, and the page's URL stays the base.
		{"ftp base with backslashes", page, `<base href="ftp:\\host\d\"><a href="x">`, []Link{{URL: "https://example.com/dir/x"}}},
		// Read both ways, a CDATA section after the fork must not move it.
		{"links of the second reading, a CDATA section after", page,
			`<div><svg></div><![CDATA[><b><title>]]><a href="/after">x</a></title><![CDATA[y]]>`, []Link{{URL: "https://example.com/after"}}},
		{"base without a host name", page, `<base href="http://:80/y"><a href="x">`, []Link{{URL: "https://example.com/dir/x"}}},
		{"base with a port past 65535", page, `<base href="https://example.com:99999/b/"><a href="x">`, []Link{{URL: "https://example.com/dir/x"}}},
		{"base in a template past the HTML elements foreignContent follows", page,
			`<template>` + strings.Repeat("<div>", 15) + `<template></template><base href="/t/"></template><a href="x">`,
			[]Link{{URL: "https://example.com/dir/x"}}},
		{"base in a template in SVG past those followed", page,
			`<svg><foreignObject>` + strings.Repeat("<div>", 17) + `<template><base href="/t/"></template><a href="x">`,
			[]Link{{URL: "https://example.com/dir/x"}}},
		{"ftp base without a host name", page, `<base href="ftp://:21/"><a href="x">`, []Link{{URL: "https://example.com/dir/x"}}},
		{"base in SVG ignored", page, `<svg><base href="/s/"></svg><a href="x">`, []Link{{URL: "https://example.com/dir/x"}}},
		// SVG and MathML have no <area>: one there is not HTML's link
		// (in a tree builder it is an element of the foreign namespace).
		{"area in SVG not a link", page, `<svg><area href="/s"><a href="/a"></svg><area href="/h">`,
			[]Link{{URL: "https://example.com/a"}, {URL: "https://example.com/h"}}},
		{"area in MathML not a link", page, `<math><area href="/m"></math>`, nil},
		{"area in SVG's foreignObject a link", page, `<svg><foreignObject><area href="/f">`, []Link{{URL: "https://example.com/f"}}},
		// A stray end tag leaves the <svg> open in a tree builder, and the
		// <base> is SVG's. (Had a <div> been open around the <svg>, </div>
		// would close both, and the <base> be HTML's; foreignContent does
		// not follow the HTML around, and reads it as SVG's then too.)
		{"base in SVG after a stray end tag ignored", page, `<svg></div><base href="/s/"><a href="x">`, []Link{{URL: "https://example.com/dir/x"}}},
		{"nil base", nil, `<a href="/a">r</a><a href="https://x.example/b#c">`, []Link{{URL: "/a"}, {URL: "https://x.example/b"}}},
		{"nil base with absolute base href", nil, `<base href="https://b.example/d/"><a href="e">`, []Link{{URL: "https://b.example/d/e"}}},
		{"nil base, empty href", nil, `<a href="">`, nil},
		{"nil base, base href of a network path without a host name ignored", nil, `<base href="//user@/x/"><a href="a">`, []Link{{URL: "a"}}},
		{"base with userinfo and no host", &url.URL{User: url.User("u"), Path: "/d/"}, `<a href="a">`, nil},
		// Resolved against a base without a host, ".//x" has the path "//x",
		// which must not come back as a link to the host x.
		{"path of two slashes from a hostless base", nil, `<base href="/"><a href=".//x.example/y"><a href=".//%22">`,
			[]Link{{URL: "/.//x.example/y"}, {URL: "/.//%22"}}},
		// Slashes written as escapes are no authority: the link stays
		// relative (it was once made "/.%2F%2Fx", rooted).
		{"nil base, escaped slashes", nil, `<a href="%2F%2Fx"><a href="%2F/x">`, []Link{{URL: "%2F%2Fx"}, {URL: "%2F/x"}}},

		// What cannot be crawled.
		{"javascript", page, `<a href="javascript:void(0)"><a href=" JavaScript:alert(1)">`, nil},
		{"mailto tel data ftp", page, `<a href="mailto:a@b.c"><a href="tel:123"><a href="data:text/html,x"><a href="ftp://f.example/">`, nil},
		{"http without host", page, `<a href="http:foo"><a href="https:///path">`, nil},
		// RFC 3986 §5.2.2, not strict, as browsers read them: the page's own
		// scheme with no "//" after it is no scheme at all.
		{"the page's scheme without slashes: relative", page, `<a href="https:/x"><a href="https:y"><a href="HTTPS:?q"><a href="https:"><a href="https:#f"><a href=" https:\z">`,
			[]Link{{URL: "https://example.com/x"}, {URL: "https://example.com/dir/y"}, {URL: "https://example.com/dir/page.html?q"},
				{URL: "https://example.com/dir/page.html?q=1"}, {URL: "https://example.com/dir/page.html?q=1"}, {URL: "https://example.com/z"}}},
		{"the page's scheme without slashes, a colon in the first segment", page, `<a href="https:a:b"><a href="https:/../../x">`,
			[]Link{{URL: "https://example.com/dir/a:b"}, {URL: "https://example.com/x"}}},
		{"the page's scheme without slashes in a base", page, `<base href="https:/b/"><a href="x">`, []Link{{URL: "https://example.com/b/x"}}},
		{"another scheme without slashes names no host", page, `<a href="http:/x"><a href="http:y">`, nil},
		{"the page's scheme without slashes, no base", nil, `<a href="https:/x"><a href="/y">`, []Link{{URL: "/y"}}},
		{"unparseable", page, `<a href="http://[::1"><a href="/%zz"><a href="/ok">`, []Link{{URL: "https://example.com/ok"}}},
		// url.Parse takes these; the URL Standard refuses them, and no
		// connection reaches them.
		{"authority without a host name", page, `<a href="http://:80/x"><a href="//:8080/y"><a href="https://:443"><a href="http://user@:80/x"><a href="/ok">`,
			[]Link{{URL: "https://example.com/ok"}}},
		// Hosts RobotsURL refuses, and so IsAllowed and Origin: a link to
		// one is a URL no crawler can ask about (once returned as written).
		{"hosts no origin has", page, "<a href=\"http://caf\xe9.example/menu\"><a href=\"http://a&quot;b/x\"><a href=\"http://a<b/x\"><a href=\"http://a]/x\"><a href=\"http://%C3/x\"><a href=\"/ok\">",
			[]Link{{URL: "https://example.com/ok"}}},
		{"IPv6 zones that are not ASCII or hold a bracket", page, `<a href="http://[fe80::1%25é]/x"><a href="http://[fe80::1%25%5B]/x"><a href="http://[fe80::1%25eth0]/ok">`,
			[]Link{{URL: "http://[fe80::1%25eth0]/ok"}}},
		{"a label too long for DNS once punycoded", page, `<a href="http://` + strings.Repeat("a", 70) + `é.example/x"><a href="http://café.example/ok">`,
			[]Link{{URL: "http://caf%C3%A9.example/ok"}}},
		{"a base whose host no origin has is ignored", page, `<base href="http://[fe80::1%25é]/d/"><a href="x">`, []Link{{URL: "https://example.com/dir/x"}}},
		{"colons in a host without brackets", page, `<a href="//::0"><a href="http://a:b:80/"><a href="//[::1]:80/ok">`, []Link{{URL: "https://[::1]:80/ok"}}},
		{"port past 65535", page, `<a href="http://example.com:99999/x"><a href="http://[::1]:65536/"><a href="http://example.com:65535/ok">`,
			[]Link{{URL: "http://example.com:65535/ok"}}},
		{"nil base, network path without a host name", nil, `<a href="//:80/y"><a href="//user@/x"><a href="\\@\x"><a href="//h.example:80/z">`,
			[]Link{{URL: "//h.example:80/z"}}},

		// Backslashes, as browsers read them in http(s) URLs (URL Standard).
		{"backslashes in a path", page, `<a href="\docs\guide.html"><a href="sub\x">`,
			[]Link{{URL: "https://example.com/docs/guide.html"}, {URL: "https://example.com/dir/sub/x"}}},
		{"backslashes before a host", page, `<a href="\\cdn.example\x"><a href="HTTP:\\h.example\y"><a href="https:\\h.example\z">`,
			[]Link{{URL: "https://cdn.example/x"}, {URL: "http://h.example/y"}, {URL: "https://h.example/z"}}},
		{"backslashes in the query stay", page, `<a href="/a\b?c\d#e\f">`, []Link{{URL: `https://example.com/a/b?c\d`}}},
		{"backslashes in a base", page, `<base href="\sub\"><a href="x">`, []Link{{URL: "https://example.com/sub/x"}}},
		// A javascript: base is ignored (HTML §4.2.3), so that the link
		// stays relative, as with no base; a mailto: one is not.
		{"a javascript: base ignored with no page URL", nil, `<base href="javascript:x"><a href="y">`, []Link{{URL: "y"}}},
		{"mailto resolved from a base", nil, `<base href="mailto:x"><a href="y">`, nil},
		// RFC 3986 §4.2: "//" starts an authority, here empty: no host.
		{"empty authority", page, `<a href="//"><a href="//?q"><a href="\\"><a href="/\"><a href="///x"><a href=" //#f">`, nil},
		{"empty authority, no base", nil, `<a href="//"><a href="///x">`, nil},

		// Where links are not.
		{"comment", page, `<!-- <a href="/c"> -->`, nil},
		{"script", page, `<script>document.write('<a href="/s">')</script>`, nil},
		{"noscript", page, `<noscript><a href="/n"></noscript>`, []Link{{URL: "https://example.com/n"}}},
		{"noscript in the head", page, `<head><noscript><a href="/n"></noscript><a href="/m">`, []Link{{URL: "https://example.com/n"}, {URL: "https://example.com/m"}}},
		{"noscript: a link either reading finds", page, `<noscript><title></noscript><a href="/on"></title><a href="/both">`,
			[]Link{{URL: "https://example.com/on"}, {URL: "https://example.com/both"}}},
		{"noscript: its base does not count", page, `<noscript><base href="/b/"></noscript><a href="x">`, []Link{{URL: "https://example.com/dir/x"}}},
		{"noscript in SVG is not HTML's", page, `<svg><noscript><a href="/s"></noscript></svg>`, []Link{{URL: "https://example.com/s"}}},
		{"noscript: its end tag stopped by a div", page, `<svg><foreignObject><noscript><div><svg></noscript><title><a href=/x></title>`, []Link{{URL: "https://example.com/x"}}},
		{"noscript in a template: its end tag stopped by a div", page, `<template><noscript><div><svg></noscript><title><a href=/x></title>`, []Link{{URL: "https://example.com/x"}}},
		{"textarea", page, `<textarea><a href="/t"></textarea>`, nil},
		{"title", page, `<title><a href="/t"></title>`, nil},
		{"template contents count", page, `<template><a href="/t"></template>`, []Link{{URL: "https://example.com/t"}}},
		// HTML §13.2.6.4.12: a template of columns drops a <title> or a
		// <plaintext>, and what follows is markup.
		{"title dropped by a template of columns", page, `<template><col><title></template><a href=/x>`, []Link{{URL: "https://example.com/x"}}},
		{"plaintext dropped by a template of columns", page, `<template><col><plaintext></template><a href=/x>`, []Link{{URL: "https://example.com/x"}}},
		// ... and drops an <a> or <area> too, which is then no link; a
		// template in it, or after it, reads on as any other.
		{"a dropped by a template of columns", page, `<template><col><a href=/x></template><a href=/y>`, []Link{{URL: "https://example.com/y"}}},
		{"area dropped by a template of columns", page, `<body><template><col>text<area href=/x>`, nil},
		{"a in a template in a template of columns", page, `<template><col><template><a href=/x>`, []Link{{URL: "https://example.com/x"}}},
		{"a template's col after an a drops nothing", page, `<template><a href=/x><col><a href=/y>`, []Link{{URL: "https://example.com/x"}, {URL: "https://example.com/y"}}},
		{"svg a dropped by a template of columns", page, `<template><col><svg><a href=/x>`, nil},
		// Links does not follow whether a <frameset> replaces the body, so it
		// keeps the links a browser drops with it, and those after it.
		{"links around a frameset kept", page, `<a href=/x><frameset><a href=/y></frameset><a href=/z>`,
			[]Link{{URL: "https://example.com/x"}, {URL: "https://example.com/y"}, {URL: "https://example.com/z"}}},
		// Browsers read a CDATA section at an integration point as a bogus
		// comment; html.Parse, as text.
		{"CDATA in a foreignObject read as a browser reads it", page, `<svg><foreignObject><![CDATA[><a href=/x>]]><a href=/y>`,
			[]Link{{URL: "https://example.com/x"}, {URL: "https://example.com/y"}}},
		{"truncated tag", page, `<a href="/ok"><a href="/cut"`, []Link{{URL: "https://example.com/ok"}}},

		// Size.
		{"10,000-deep nesting", page, deep, []Link{{URL: "https://example.com/deep"}}},
		{"1 MB href left out", page, `<a href="/` + long + `">`, nil},
		// MaxLinkBytes (RFC 9110 §4.1's 8,000): "https://example.com/" is 20 octets.
		{"URL of MaxLinkBytes kept", page, `<a href="/` + strings.Repeat("m", MaxLinkBytes-20) + `">`,
			[]Link{{URL: "https://example.com/" + strings.Repeat("m", MaxLinkBytes-20)}}},
		{"URL past MaxLinkBytes left out", page, `<a href="/` + strings.Repeat("m", MaxLinkBytes-19) + `"><a href=/b>`,
			[]Link{{URL: "https://example.com/b"}}},
		{"relative href past MaxLinkBytes once resolved", page, `<a href="` + strings.Repeat("m", MaxLinkBytes-20) + `">`, nil},
		{"relative href of MaxLinkBytes without a base kept", nil, `<a href="` + strings.Repeat("m", MaxLinkBytes) + `">`,
			[]Link{{URL: strings.Repeat("m", MaxLinkBytes)}}},
		{"relative href past MaxLinkBytes without a base left out", nil, `<a href="` + strings.Repeat("m", MaxLinkBytes+1) + `">`, nil},
		{"base href past MaxLinkBytes ignored", page, `<base href="https://b.example/` + long + `/"><a href=x>`,
			[]Link{{URL: "https://example.com/dir/x"}}},
		// What counts is the URL, not the attribute: fragments, spaces and
		// dot segments do not.
		{"long fragment", page, `<a href="/x#` + long + `">`, []Link{{URL: "https://example.com/x"}}},
		{"long padding", page, `<a href="` + strings.Repeat(" ", MaxLinkBytes) + `/x">`, []Link{{URL: "https://example.com/x"}}},
		{"long dot segments", page, `<a href="` + strings.Repeat("../", MaxLinkBytes/3) + `x">`, []Link{{URL: "https://example.com/x"}}},
		{"base href with a long fragment", page, `<base href="https://b.example/d/#` + long + `"><a href=x>`,
			[]Link{{URL: "https://b.example/d/x"}}},
		{"1 MB attribute beside href", page, `<a data-x="` + long + `" href="/x">`, []Link{{URL: "https://example.com/x"}}},
		{"byte order mark", page, "\xEF\xBB\xBF<a href=/b>", []Link{{URL: "https://example.com/b"}}},
		{"binary", page, "\x00\xff\xfe<a href=/b>\x00", []Link{{URL: "https://example.com/b"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Links([]byte(tc.html), tc.base)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Links(%.80q, %v) = %.300v, want %.300v", tc.html, tc.base, got, tc.want)
			}
		})
	}
}

// TestTooLongToResolve checks that the shortcut Links takes for a long
// href never leaves out a link that parsing and resolving it would keep:
// random hrefs of the octets that make a URL shorter or longer (escapes,
// octets past ASCII, spaces and tabs, userinfo, a scheme, a fragment),
// around the lengths where it starts to answer, against bases with and
// without a scheme's host. It also checks that the shortcut answers for
// some of them, so that the test tests something.
func TestTooLongToResolve(t *testing.T) {
	page, _ := url.Parse("https://example.com/dir/page")
	bases := []*url.URL{page, nil, {Scheme: "http", Host: "h.example"}}
	parts := []string{"a", "/", "?", "=", "%41", "%2F", "é", " ", "\t", "\n", "@", ":", "http:", "//h", "u:p@", "-", "_", "~"}
	rng := rand.New(rand.NewPCG(3, 4))
	shortcuts := 0
	for range 3000 {
		var b strings.Builder
		for b.Len() < MaxLinkBytes/3-40 {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		for target := MaxLinkBytes/3 + rng.IntN(MaxLinkBytes+200); b.Len() < target; {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		if rng.IntN(4) == 0 {
			b.WriteString("#" + strings.Repeat("f", rng.IntN(MaxLinkBytes))) // a fragment, never kept
		}
		href := b.String()
		if !tooLongToResolve(href) {
			continue
		}
		shortcuts++
		for _, base := range bases {
			if u := resolveThroughURL(base, href); u != "" {
				t.Fatalf("tooLongToResolve(%q) = true, but against %v it resolves to %d octets: %q", href, base, len(u), u)
			}
		}
	}
	if shortcuts < 100 {
		t.Errorf("tooLongToResolve answered for %d of 3,000 long hrefs, want at least 100", shortcuts)
	}
	// What the audit found: one long href past ASCII.
	if href := "/" + strings.Repeat("é", MaxLinkBytes/4); !tooLongToResolve(href) {
		t.Errorf("tooLongToResolve(%d octets of é) = false, want true", len(href)-1)
	}
	// Escapes net/url writes decoded, in userinfo: each counts as one.
	if href := "http://" + strings.Repeat("%41", MaxLinkBytes/2) + "@h.example/"; tooLongToResolve(href) || resolveThroughURL(page, href) == "" {
		t.Errorf("a userinfo of %d escapes: tooLongToResolve %v, resolved to %q; want false and a URL", MaxLinkBytes/2, tooLongToResolve(href), resolveThroughURL(page, href))
	}
	// Dot segments can take out any length: no shortcut.
	if href := strings.Repeat("a/", MaxLinkBytes) + strings.Repeat("../", MaxLinkBytes); tooLongToResolve(href) {
		t.Errorf("tooLongToResolve(a long path of dot segments) = true, want false")
	}
}

// TestResolvePlain holds the URLs Links writes by concatenation for plainly
// written hrefs (linkBase.resolvePlain) to those of the way through net/url
// (resolveHref), and checks which hrefs are taken as plain, so that a
// change that stops taking them, or takes one it should not, fails here
// rather than only in a benchmark.
func TestResolvePlain(t *testing.T) {
	page := "https://example.com/dir/page.html"
	long := strings.Repeat("a", MaxLinkBytes-len("https://example.com/"))
	tests := []struct {
		name, base, href string
		plain            bool   // resolvePlain answers
		want             string // "": left out
	}{
		{"absolute, fragment dropped", page, "https://other.example/a/b?c=d#e", true, "https://other.example/a/b?c=d"},
		{"absolute, no path", page, "http://h", true, "http://h"},
		{"absolute, a query and no path", page, "http://h?q", true, "http://h?q"},
		{"absolute, an empty query kept", page, "http://h/p?", true, "http://h/p?"},
		{"absolute, no base", "", "https://h/x", true, "https://h/x"},
		{"absolute, a host's case kept", page, "https://Example.COM/X", true, "https://Example.COM/X"},
		{"absolute, escapes and sub-delims kept", page, "https://h/caf%C3%A9;v=1/(x)*,!$@:+~?q=%20&r=a/b?", true, "https://h/caf%C3%A9;v=1/(x)*,!$@:+~?q=%20&r=a/b?"},
		{"absolute, dots inside segments", page, "https://h/a..b/.c/d.", true, "https://h/a..b/.c/d."},
		{"absolute, double slashes kept", page, "https://h//a//b", true, "https://h//a//b"},
		{"absolute, an upper-case scheme", page, "HTTPS://h/x", false, "https://h/x"},
		{"absolute, a port", page, "http://h:8080/x", false, "http://h:8080/x"},
		{"absolute, userinfo", page, "http://u@h/x", false, "http://u@h/x"},
		{"absolute, an IPv6 host", page, "http://[::1]/x", false, "http://[::1]/x"},
		{"absolute, a dot segment", page, "https://h/a/../b", false, "https://h/b"},
		{"absolute, an escaped dot segment", page, "https://h/a/%2E%2e/b", false, "https://h/b"},
		{"absolute, no host", page, "http:///x", false, ""},
		{"absolute, another scheme", page, "ftp://h/x", false, ""},
		{"absolute, a bad escape", page, "https://h/50%-off", false, ""},
		{"absolute, an apostrophe in the query", page, "https://h/?q='x'", false, "https://h/?q=%27x%27"},
		{"root path", page, "/x/y?z#f", true, "https://example.com/x/y?z"},
		{"root path, a base with a port", "http://h:8080/a", "/x", true, "http://h:8080/x"},
		{"root path, a base with an empty port", "http://h:/a", "/x", true, "http://h:/x"},
		{"root path, a base's query not kept", "https://h/a?b", "/x", true, "https://h/x"},
		{"root path, as long as a link may be", page, "/" + long, true, "https://example.com/" + long},
		{"root path, an octet too long", page, "/" + long + "a", false, ""},
		{"root path, a base port past 65535", "http://h:99999/a", "/x", false, ""},
		{"root path, a base with userinfo", "http://u:p@h/a", "/x", false, "http://u:p@h/x"},
		{"root path, a base with an IPv6 host", "http://[::1]/a", "/x", false, "http://[::1]/x"},
		{"root path, an ftp base", "ftp://h/a", "/x", false, ""},
		{"root path, no base", "", "/x", false, "/x"},
		{"root path, a space", page, "/a b", false, "https://example.com/a%20b"},
		{"root path, an apostrophe", page, "/it's", false, "https://example.com/it's"},
		{"root path, non-ASCII", page, "/é", false, "https://example.com/%C3%A9"},
		{"root path, a dot segment", page, "/a/./b", false, "https://example.com/a/b"},
		{"relative", page, "x/y", true, "https://example.com/dir/x/y"},
		{"relative, a colon past the first segment", page, "a/b:c", true, "https://example.com/dir/a/b:c"},
		{"relative, an empty base path", "https://example.com", "x", true, "https://example.com/x"},
		{"relative, a base path's escapes kept", "https://h/%7Ea/b", "x", true, "https://h/%7Ea/x"},
		{"relative, a colon in the first segment", page, "a:b", false, ""},
		// url.Parse alone would make it "*" (see parseCleaned).
		{"relative, %2A alone", page, "%2A?q#f", true, "https://example.com/dir/%2A?q"},
		{"relative, %2A alone, no base", "", "%2A", false, "%2A"},
		{"relative, * alone", page, "*", true, "https://example.com/dir/*"},
		{"relative, %2a alone", page, "%2a", true, "https://example.com/dir/%2a"},
		{"relative, %2A and more", page, "%2A/x", true, "https://example.com/dir/%2A/x"},
		{"relative, a dot segment", page, "./x", false, "https://example.com/dir/x"},
		{"relative, a double-dot segment", page, "../x", false, "https://example.com/x"},
		{"relative, a base path with a dot segment", "https://h/a/../b/c", "x", false, "https://h/b/x"},
		{"relative, a base path net/url escapes", "https://h/a%20b/c d", "x", true, "https://h/a%20b/x"},
		{"relative, a base path with an apostrophe", "https://h/it's/a", "x", false, "https://h/it's/x"},
		{"relative, no base", "", "x", false, "x"},
		{"scheme-relative", page, "//cdn.example/x", false, "https://cdn.example/x"},
		{"a query alone", page, "?q=1", false, "https://example.com/dir/page.html?q=1"},
		{"a fragment alone", page, "#top", false, "https://example.com/dir/page.html"},
		{"empty", page, "", false, "https://example.com/dir/page.html"},
		{"mailto", page, "mailto:x@y", false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			base, err := optionalURL(tc.base)
			if err != nil {
				t.Fatal(err)
			}
			b := newLinkBase(base)
			if _, plain := b.resolvePlain(tc.href); plain != tc.plain {
				t.Errorf("resolvePlain(%q) against %q answers: %v, want %v", tc.href, tc.base, plain, tc.plain)
			}
			got := b.resolve(tc.href)
			if got != tc.want {
				t.Errorf("resolve(%q) against %q = %q, want %q", tc.href, tc.base, got, tc.want)
			}
			if want := resolveHref(base, tc.href); got != want {
				t.Errorf("resolve(%q) against %q = %q, net/url's way %q", tc.href, tc.base, got, want)
			}
		})
	}
}

// optionalURL parses raw, or returns nil for "": the base of a test that
// may have none.
func optionalURL(raw string) (*url.URL, error) {
	if raw == "" {
		return nil, nil
	}
	return url.Parse(raw)
}

// TestResolvePlainOnRealHrefs compares the two ways of resolving every href
// of the pages in testdata/html, against a few bases.
func TestResolvePlainOnRealHrefs(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("testdata", "html", "*.html"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no pages in testdata/html: %v", err)
	}
	var hrefs []string
	for _, file := range files {
		body, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		z := html.NewTokenizer(bytes.NewReader(body))
		for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
			if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
				continue
			}
			for _, a := range z.Token().Attr {
				if a.Key == "href" || a.Key == "src" {
					hrefs = append(hrefs, a.Val)
				}
			}
		}
	}
	for i, rawBase := range []string{"https://example.com/dir/page.html", "http://Example.com:8080", "https://h/a%2Fb/c;d/", "ftp://h/a", ""} {
		base, _ := optionalURL(rawBase)
		b := newLinkBase(base)
		plain := 0
		for _, href := range hrefs {
			if _, ok := b.resolvePlain(href); ok {
				plain++
			}
			if got, want := b.resolve(href), resolveHref(base, href); got != want {
				t.Errorf("resolve(%q) against %q = %q, net/url's way %q", href, rawBase, got, want)
			}
		}
		t.Logf("against %q, %d of the %d hrefs resolved as plain", rawBase, plain, len(hrefs))
		// Most real hrefs are plain against a page's URL: if few were,
		// this would compare little but the way through net/url with
		// itself.
		if i == 0 && plain < len(hrefs)*3/4 {
			t.Errorf("against %q, %d of the %d hrefs resolved as plain, want three quarters", rawBase, plain, len(hrefs))
		}
	}
}

// FuzzResolvePlain holds the concatenated URLs of plainly written hrefs to
// those of the way through net/url, for any base and href.
func FuzzResolvePlain(f *testing.F) {
	f.Add("https://example.com/dir/page.html", "https://h/a/b?c#d")
	f.Add("https://example.com/dir/page.html", "/x/../y")
	f.Add("http://h:8080", "a/b:c")
	f.Add("http://h:/a/%2e/", "x")
	f.Add("https://u@h/a", "/x")
	f.Add("", "http://H/%41?q=%zz")
	f.Add("https://h/a b/", "x?y'z")
	f.Add("0", "%2A") // found by a review: url.Parse alone makes a path of "%2A" "*"
	f.Add("http:/b/", "http:a:b")
	page, _ := url.Parse("https://example.com/dir/page.html")
	f.Fuzz(func(t *testing.T, rawBase, href string) {
		var bases []*url.URL
		if u, err := optionalURL(rawBase); err == nil {
			bases = append(bases, u)
		}
		// As Links takes a <base href>: resolved against the page's URL.
		if ref, ok := parseHref(rawBase, page); ok {
			bases = append(bases, resolve(page, ref))
		}
		for _, base := range bases {
			b := newLinkBase(base)
			if got, want := b.resolve(href), resolveHref(base, href); got != want {
				t.Errorf("resolve(%q) against %v (from %q) = %q, net/url's way %q", href, base, rawBase, got, want)
			}
		}
	})
}

// TestDeeperThanTreeBuilder: a page the tree builder refuses (more than 512
// open elements) still yields its meta tags and links.
func TestDeeperThanTreeBuilder(t *testing.T) {
	page := `<!DOCTYPE html><html><head><meta name="robots" content="noindex"></head><body>` +
		strings.Repeat("<div>", 10000) + `<a href="/deep" rel="nofollow">deep</a>` + strings.Repeat("</div>", 10000)
	if _, err := html.Parse(strings.NewReader(page)); err == nil {
		t.Fatal("html.Parse accepted 10,000 nested elements; the test needs a document it refuses")
	}
	if d := DirectivesFor(htmlHeader(), []byte(page), exampleBot); !d.NoIndex {
		t.Errorf("DirectivesFor(10,000-deep page) = %s, want noindex", show(d))
	}
	base, _ := url.Parse("https://example.com/")
	want := []Link{{URL: "https://example.com/deep", Rel: []string{"nofollow"}, NoFollow: true}}
	if got := Links([]byte(page), base); !reflect.DeepEqual(got, want) {
		t.Errorf("Links(10,000-deep page) = %v, want %v", got, want)
	}
}

// written is d.String(), but "" for an empty unscoped set (which String
// writes as "all"): the tables' way of saying that no directive applies.
func written(d Directives) string {
	if d.Bot == "" && d.IsEmpty() {
		return ""
	}
	return d.String()
}

// goldenPage is one real page of testdata/html with what a person reading
// its source found.
type goldenPage struct {
	file string
	// directives is DirectivesFor(...).String() for ExampleBot and for
	// Googlebot-News; the metas were located by reading each page.
	exampleBot, googlebotNews string
	// uncrawlable counts the <a href> the manifest counts that Links must
	// leave out (javascript:, mailto:, tel:, whatsapp:, viber:, unparseable),
	// and how many of those are nofollow.
	uncrawlable, uncrawlableNoFollow int
}

var goldenPages = []goldenPage{
	{"htmldate-feeds.bizjournals.com-1566929327.html", "noindex, nofollow", "noindex, nofollow", 0, 0}, // Incapsula block page, <META NAME="robots">
	{"htmldate-feeds.bizjournals.com-1685765130.html", "noindex, nofollow", "noindex, nofollow", 0, 0}, // upper-case name and values
	{"trafilatura-wiki.python.org.Download.html", "nofollow", "nofollow", 0, 0},                        // index,nofollow
	{"htmldate-opapel.com-1756260927.html", "", "", 7, 0},                                              // noindex metas in <body>
	{"aeb-ctvnews.ca-b37be353.html", "", "", 1, 0},                                                     // noarchive metas in <body>, after an <iframe>
	{"trafilatura-ext.theperspective.com.items.html", "noindex, nofollow", "noindex, nofollow", 0, 0},  // robots plus googlebot-news
	{"trafilatura-giga.de.chrome.html", "", "noindex", 0, 0},                                           // Googlebot-News in mixed case
	{"trafilatura-www1.wdr.de-Correctiv-Recherche.html", "noarchive, unavailable_after: Thursday, 06-Nov-25 09:14:16 UTC", "noarchive, unavailable_after: Thursday, 06-Nov-25 09:14:16 UTC", 2, 0},
	{"trafilatura-lopinion.fr.glyphosate.html", "max-snippet: -1, max-image-preview: large, max-video-preview: 15", "max-snippet: -1, max-image-preview: large, max-video-preview: 15", 2, 0},
	{"readability-theverge.html", "noarchive, max-image-preview: large", "noarchive, max-image-preview: large", 0, 0}, // nocache in a second meta
	{"trafilatura-sheego.de.cleaning.html", "noindex", "noindex", 4, 0},                                               // NOINDEX, FOLLOW; CRLF
	{"htmldate-hindi.business-standard.com-1725202846.html", "noarchive, noydir, noodp", "noarchive, noydir, noodp", 15, 0},
	{"readability-iab-1.html", "noindex", "noindex", 3, 0}, // content before name
	{"htmldate-VnExpress.net-Kinh-doanh.html", "noarchive, max-image-preview: large", "noarchive, max-image-preview: large", 11, 7},
	{"htmldate-m.daejonilbo.com-1538026996.html", "코로나19 극복 성금 기탁 줄 잇는다, 대전일보 모바일 전용 서비스, 대전, 충청지역 종합일간지, 정치, 사회, 교육, 과학 등 분야별 기사 수록",
		"코로나19 극복 성금 기탁 줄 잇는다, 대전일보 모바일 전용 서비스, 대전, 충청지역 종합일간지, 정치, 사회, 교육, 과학 등 분야별 기사 수록", 11, 0}, // a description in the robots meta
	{"htmldate-nationalpost.com-1549542851.html", "noarchive", "noarchive", 5, 1},            // noarchive twice
	{"readability-lifehacker-post-comment-load.html", "", "", 0, 0},                          // INDEX, FOLLOW; 218 nofollow links
	{"extruct-songkick.com-tovestyrke.html", "noindex, nofollow", "noindex, nofollow", 0, 0}, //
	{"trafilatura-neues-deutschland.de.mietenstreik.html", "noarchive, max-snippet: 200, max-image-preview: large", "noarchive, max-snippet: 200, max-image-preview: large", 0, 0},
	{"trafilatura-kirche-und-leben.de-Muenster.html", "noindex, nofollow", "noindex, nofollow", 1, 0}, // CRLF
	{"trafilatura-nmb-media.de.ebay.html", "", "", 1, 0},                                              // ISO-8859-1; href="%s"
	{"htmldate-jstor.org-1587353145.html", "nofollow, noarchive, noodp", "nofollow, noarchive, noodp", 0, 0},
}

// handmadePages are small pages written for this package, shaped like real
// ones: a head whose scripts, styles and comments hold markup, a tracking
// pixel that ends the head early, an upper-case HTML 4 page with entities,
// a <base href> and a <template>.
var handmadePages = []struct {
	file                      string
	exampleBot, googlebotNews string
	base                      string
	links                     []Link
}{
	{"handmade-script-before-meta.html",
		"max-snippet: 120, max-image-preview: standard, unavailable_after: Sunday, 31-Aug-25 23:59:59 UTC",
		"max-snippet: 120, max-image-preview: standard",
		"https://shop.example/deals/weekly",
		[]Link{
			{URL: "https://shop.example/"},
			{URL: "https://shop.example/p/1234?ref=deals"},
			{URL: "https://partner.example/offer/77", Rel: []string{"sponsored", "noopener"}, NoFollow: true},
			{URL: "https://shop.example/privacy", Rel: []string{"nofollow"}, NoFollow: true},
		}},
	{"handmade-pixel-ends-head.html", "", "", "https://travel.example/gallery/index.html",
		[]Link{
			{URL: "https://travel.example/gallery/photos/1.html"},
			{URL: "https://travel.example/gallery/photos/2.html", Rel: []string{"ugc"}, NoFollow: true},
		}},
	{"handmade-legacy-cms.html", "noindex, noarchive, max-video-preview: 0, noodp", "noarchive, noodp", "https://mirror.example/page",
		[]Link{
			{URL: "http://verein.example/index.html"},
			{URL: "http://verein.example/archiv/2009/termine.html"},
			{URL: "http://gaestebuch.example/eintrag?id=5", Rel: []string{"nofollow"}, NoFollow: true},
			{URL: "http://verein.example/archiv/2009/anfahrt.html"},
		}},
}

func TestHandmadePages(t *testing.T) {
	for _, p := range handmadePages {
		t.Run(p.file, func(t *testing.T) {
			body, err := os.ReadFile(filepath.Join("testdata", "html", p.file))
			if err != nil {
				t.Fatal(err)
			}
			for agent, want := range map[string]string{exampleBot: p.exampleBot, "Googlebot-News": p.googlebotNews} {
				if got := written(DirectivesFor(htmlHeader(), body, agent)); got != want {
					t.Errorf("DirectivesFor(%s, %q) = %q, want %q", p.file, agent, got, want)
				}
			}
			base, _ := url.Parse(p.base)
			if got := Links(body, base); !reflect.DeepEqual(got, p.links) {
				t.Errorf("Links(%s) = %v, want %v", p.file, got, p.links)
			}
		})
	}
}

type manifestRow struct {
	links, nofollow int
	hasMeta         bool
}

func readManifest(t testing.TB) map[string]manifestRow {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "html", "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]manifestRow{}
	for line := range strings.Lines(string(data)) {
		f := strings.Split(strings.TrimRight(line, "\n"), "\t")
		if strings.HasPrefix(line, "#") || len(f) < 9 {
			continue
		}
		links, err1 := strconv.Atoi(f[7])
		nofollow, err2 := strconv.Atoi(f[8])
		if err1 != nil || err2 != nil {
			t.Fatalf("MANIFEST.tsv: bad counts in %q", line)
		}
		rows[f[0]] = manifestRow{links, nofollow, f[6] == "y"}
	}
	return rows
}

func TestGoldenPages(t *testing.T) {
	manifest := readManifest(t)
	if len(manifest) != len(goldenPages) { // handmade pages have no manifest row
		t.Errorf("MANIFEST.tsv lists %d pages, the test %d", len(manifest), len(goldenPages))
	}
	base, _ := url.Parse("https://example.com/dir/page.html")
	for _, g := range goldenPages {
		t.Run(g.file, func(t *testing.T) {
			body, err := os.ReadFile(filepath.Join("testdata", "html", g.file))
			if err != nil {
				t.Fatal(err)
			}
			m, ok := manifest[g.file]
			if !ok {
				t.Fatalf("%s is not in MANIFEST.tsv", g.file)
			}
			for agent, want := range map[string]string{exampleBot: g.exampleBot, "Googlebot-News": g.googlebotNews} {
				if got := written(DirectivesFor(htmlHeader(), body, agent)); got != want {
					t.Errorf("DirectivesFor(%s, %q) = %q, want %q", g.file, agent, got, want)
				}
			}
			links := Links(body, base)
			nofollow := 0
			for _, l := range links {
				if l.NoFollow {
					nofollow++
				}
			}
			if want := m.links - g.uncrawlable; len(links) != want {
				t.Errorf("Links(%s) found %d links, want %d (manifest %d less %d uncrawlable)", g.file, len(links), want, m.links, g.uncrawlable)
			}
			if want := m.nofollow - g.uncrawlableNoFollow; nofollow != want {
				t.Errorf("Links(%s) found %d nofollow links, want %d (manifest %d less %d uncrawlable)", g.file, nofollow, want, m.nofollow, g.uncrawlableNoFollow)
			}
		})
	}
}

// TestGoldenPagesAgainstTreeBuilder checks the head scan and Links against
// golang.org/x/net/html.Parse, the HTML5 tree builder, on every page in
// testdata/html.
func TestGoldenPagesAgainstTreeBuilder(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("testdata", "html", "*.html"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no pages in testdata/html: %v", err)
	}
	base, _ := url.Parse("https://example.com/dir/page.html")
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			body, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			got, want := scanMetas(body, false), treeMetas(t, body)
			if !slices.Equal(got, want) {
				t.Errorf("head metas = %q, tree builder's head holds %q", got, want)
			}
			links, wantLinks := Links(body, base), treeLinks(t, body, base)
			if len(links) != len(wantLinks) {
				t.Fatalf("Links found %d links, the tree walk %d", len(links), len(wantLinks))
			}
			for i := range links {
				if !reflect.DeepEqual(links[i], wantLinks[i]) {
					t.Errorf("link %d = %v, the tree walk found %v", i, links[i], wantLinks[i])
				}
			}
		})
	}
}

// scanMetas lists "name=content" for every meta headMetas visits.
func scanMetas(body []byte, isXHTML bool) []string {
	var out []string
	headMetas(body, isXHTML, func(name, content []byte) {
		out = append(out, string(name)+"="+string(content))
	})
	return out
}

// treeMetas lists "name=content" for every meta child of the <head> that
// html.Parse builds, with scripting enabled or disabled (when a meta in a
// <noscript> in the head counts), each once, in document order, as
// headMetas reads them; the test is skipped when the parser refuses the
// document.
func treeMetas(t testing.TB, body []byte) []string {
	t.Helper()
	marked := markTags(body, "meta")
	found := map[int]string{}
	for _, scripting := range []bool{true, false} {
		doc := parseTree(t, marked, scripting)
		var head *html.Node
		for n := range doc.Descendants() {
			if n.Type == html.ElementNode && n.Data == "head" {
				head = n
				break
			}
		}
		for n := range head.Descendants() {
			// A meta child of the head, or of a <noscript> in it.
			if n.Type != html.ElementNode || n.Data != "meta" ||
				n.Parent != head && (n.Parent.Data != "noscript" || n.Parent.Parent != head) {
				continue
			}
			name, hasName := treeAttr(n, "name")
			content, hasContent := treeAttr(n, "content")
			if at := markOf(t, n); hasName && hasContent {
				found[at] = name + "=" + content
			}
		}
	}
	var out []string
	for _, at := range slices.Sorted(maps.Keys(found)) {
		out = append(out, found[at])
	}
	return out
}

// parseTree parses body with html.Parse, its scripting flag as given (HTML
// §13.2.6.4.4: a <noscript> holds text or markup), skipping the test when
// the parser refuses the document.
func parseTree(t testing.TB, body []byte, scripting bool) *html.Node {
	t.Helper()
	doc, err := html.ParseWithOptions(bytes.NewReader(trimBOM(body)), html.ParseOptionEnableScripting(scripting))
	if err != nil {
		t.Skipf("html.Parse: %v", err)
	}
	return doc
}

// tagMark starts the name of the attribute markTags adds, and
// tagMarkSpaced ends it before a space.
const (
	tagMark       = "data-robots-test-at-"
	tagMarkSpaced = "-/"
)

// markTags returns body with an attribute added to each start tag named one
// of names, "/" + tagMark + the tag's offset in body, with no value, right
// after the name, so that the elements of the trees built with and without
// scripting can be put in document order and each taken once (a copy the
// tree builder makes of an <a> keeps its mark). It changes no element and
// no text where a tag starts or ends, only what attributes and text hold:
// treeAttr takes the marks out again. A '/' rather than a space sets the
// mark apart because it also belongs to an unquoted attribute value, where
// a "<a" that is no tag may stand (href=<a/>): a space would end that value
// there. The mark's own name ends, as the tag name did, at what follows it,
// a '/' or '>' as it is; before a space it ends in "-/" (tagMarkSpaced),
// since after an attribute's name and a space an '=' starts its value, where
// after a tag name and a space it starts an attribute named "=" (HTML
// §13.2.5.33 and .34: "<meta/mark = name>" would give the mark the value
// "name", where "<meta = name>" has attributes "=" and "name"). After that
// '/', the space goes on to the next attribute, as after a tag name.
func markTags(body []byte, names ...string) []byte {
	// A "<meta" inside a tag, where an attribute's name starts ("<p
	// <meta = x>"), is no tag, and a mark there would change the tag's
	// attributes: the '/' would end that name. Such a '<' is left alone.
	inTag := make([]bool, len(body))
	z := html.NewTokenizer(bytes.NewReader(body))
	for at := 0; z.Next() != html.ErrorToken; {
		raw := len(z.Raw())
		if tt := z.Token().Type; tt == html.StartTagToken || tt == html.SelfClosingTagToken || tt == html.EndTagToken {
			for i := at + 1; i < at+raw && i < len(body); i++ {
				inTag[i] = true
			}
		}
		at += raw
	}
	var out []byte
	for i := 0; i < len(body); i++ {
		out = append(out, body[i])
		if body[i] != '<' || inTag[i] {
			continue
		}
		for _, name := range names {
			end := i + 1 + len(name)
			if end < len(body) && equalLower(body[i+1:end], name) && strings.IndexByte(" \t\n\f\r/>", body[end]) >= 0 {
				out = append(out, body[i+1:end]...)
				out = fmt.Appendf(out, "/%s%d", tagMark, i)
				if body[end] != '/' && body[end] != '>' {
					out = append(out, tagMarkSpaced...)
				}
				i = end - 1
				break
			}
		}
	}
	return out
}

// unmark takes out of s the marks markTags added to a body.
var unmark = regexp.MustCompile("/" + tagMark + "[0-9]+(" + tagMarkSpaced + ")?")

// treeAttr returns the value of n's attribute key (with no namespace),
// without marks.
func treeAttr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key && a.Namespace == "" {
			return unmark.ReplaceAllString(a.Val, ""), true
		}
	}
	return "", false
}

// markOf returns the offset markTags gave n's start tag, failing the test
// when it has none.
func markOf(t testing.TB, n *html.Node) int {
	t.Helper()
	for _, a := range n.Attr {
		if digits, ok := strings.CutPrefix(a.Key, tagMark); ok {
			// The name of a mark before a space ends at tagMarkSpaced's '/'.
			if at, err := strconv.Atoi(strings.TrimSuffix(digits, "-")); err == nil {
				return at
			}
		}
	}
	t.Fatalf("<%s %v> has no %s", n.Data, n.Attr, tagMark)
	return -1
}

// TestMarkTagsChangesNoToken checks the oracles' marks: the tokens of a
// marked body, once each start tag's mark and the marks in its values are
// taken out, are those of the body as it was, so that the tree builder
// reads the same document either way. A mark that swallowed what follows
// it would have the oracles disagree with the library about a document
// neither reads wrongly ("<meta = name content>": FuzzHeadMetas took the
// mark's value for the name the meta lost).
func TestMarkTagsChangesNoToken(t *testing.T) {
	bodies := []string{
		"<metA = nAme Content >", "<metA nAme <metA = Content >", "<meta\t=\nname=robots content=noindex>", "<meta/ = name>", "<meta/>", "<meta>",
		"<meta", "<meta ", "<meta =", "<meta name=robots\f=x>", `<a href=<meta x>`, `<a title="<meta x">`,
		`<a title='<meta/ x'>`, `<a href=<meta/x>`, "<svg><a/ href=x><a\r= href=y></svg>", "<base = href=z><area\t=>",
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		bodies = append(bodies, string(foreignDocument(r, "<head>", "")))
	}
	for _, body := range append(bodies, headCases...) {
		want := tokens([]byte(body))
		got := tokens(markTags([]byte(body), "meta", "a", "area", "base"))
		if !slices.Equal(got, want) {
			t.Errorf("marked %q tokenizes as\n%q, want\n%q", body, got, want)
		}
	}
}

// tokens lists the tokens of body as html.Tokenizer reads them, with
// markTags' marks taken out: a tag's mark attribute, and marks in its
// attributes' values and in text.
func tokens(body []byte) []string {
	var out []string
	z := html.NewTokenizer(bytes.NewReader(body))
	for z.Next() != html.ErrorToken {
		tok := z.Token()
		tok.Data = unmark.ReplaceAllString(tok.Data, "")
		tok.Attr = slices.DeleteFunc(tok.Attr, func(a html.Attribute) bool { return strings.HasPrefix(a.Key, tagMark) })
		for i := range tok.Attr {
			tok.Attr[i].Val = unmark.ReplaceAllString(tok.Attr[i].Val, "")
		}
		out = append(out, fmt.Sprintf("%v %q %q", tok.Type, tok.Data, tok.Attr))
	}
	return out
}

// TestNoscriptLinks checks the shortcut that spares most documents with a
// <noscript> a second reading: its content read without scripts, stopping
// at the end tag that ends its text for the first reading, and whether the
// reading without scripts is back in the first reading's state there. Each
// body holds one <noscript>, and every link of it is at "/in..."; Links
// must give the same links whether or not the shortcut holds (where it
// does not, a whole second reading finds them).
func TestNoscriptLinks(t *testing.T) {
	page, _ := url.Parse("https://example.com/")
	for _, tc := range []struct {
		name, body string
		guess      bool // foreignContent's guess where the <noscript> starts
		ok         bool
		in         []string // the links the shortcut finds, where it holds
		links      []string // all of Links'
	}{
		{"links", `<p><noscript><a href=/in1>x</a><area href=/in2></noscript><a href=/out>`, false, true, []string{"/in1", "/in2"}, []string{"/in1", "/in2", "/out"}},
		{"nothing", `<noscript></noscript><a href=/out>`, false, true, nil, []string{"/out"}},
		{"a pixel", `<noscript><img src="/p.gif"></noscript><a href=/out>`, false, true, nil, []string{"/out"}},
		{"closed iframe", `<noscript><iframe src=/gtm><a href=/no></iframe><a href=/in></noscript>`, false, true, []string{"/in"}, []string{"/in"}},
		{"a nested noscript", `<noscript><noscript><a href=/in></noscript><a href=/out>`, false, true, []string{"/in"}, []string{"/in", "/out"}},
		{"a closed template", `<noscript><template><a href=/in></template></noscript>`, false, true, []string{"/in"}, []string{"/in"}},
		{"a base", `<noscript><base href=/b/></noscript><a href=x>`, false, true, nil, []string{"/x"}},
		{"upper case", `<NOSCRIPT><A HREF=/in></NoScript ><a href=/out>`, false, true, []string{"/in"}, []string{"/in", "/out"}},

		// The readings part: the tokenizer or the tree is elsewhere at the
		// end tag, or the end tag is not a token of the reading without scripts.
		{"open textarea", `<noscript><textarea></noscript><script></textarea><a href=/in></script>`, false, false, nil, []string{"/in"}},
		{"open comment", `<noscript><!--</noscript><a href=/out>--><a href=/in>`, false, false, nil, []string{"/out", "/in"}},
		{"end tag in an attribute", `<noscript><a title="</noscript><a href=/out>" href=/in>`, false, false, nil, []string{"/in", "/out"}},
		{"open svg", `<noscript><svg></noscript><a href=/out>`, false, false, nil, []string{"/out"}},
		{"open template", `<noscript><template></noscript><a href=/out>`, false, false, nil, []string{"/out"}},
		{"frameset", `<noscript><frameset></noscript><a href=/out>`, false, false, nil, []string{"/out"}},
		{"no end tag", `<noscript><a href=/in>`, false, false, nil, []string{"/in"}},
		// A CDATA section in SVG that a reading taking it as text reads
		// otherwise: as text, "<!--" is in it and the link is SVG's.
		{"unsure CDATA", `<svg></x></svg><noscript><svg><![CDATA[><p><!--]]><a href=/in>--></noscript>`, true, false, nil, []string{"/in"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := []byte(tc.body)
			lower := bytes.ToLower(body)
			p := bytes.Index(lower, []byte("<noscript>")) + len("<noscript>")
			q := bytes.Index(lower[p:], []byte("</noscript"))
			if q < 0 {
				q = len(body) - p
			}
			found, ok := noscriptLinks(body, p, p+q, tc.guess)
			var in []string
			for _, l := range found {
				in = append(in, l.URL)
			}
			if ok != tc.ok || ok && !slices.Equal(in, tc.in) {
				t.Errorf("noscriptLinks(%q, %d, %d) = %q, %v; want %q, %v", body, p, p+q, in, ok, tc.in, tc.ok)
			}
			var links []string
			for _, l := range Links(body, page) {
				links = append(links, strings.TrimPrefix(l.URL, "https://example.com"))
			}
			if !slices.Equal(links, tc.links) {
				t.Errorf("Links(%q) = %q, want %q", body, links, tc.links)
			}
		})
	}
}

// TestLinksUTF16: a body that starts with a UTF-16 byte order mark is
// decoded; without one, Links cannot know it, and its octets hold no tag.
// TestLinksResolveEachHrefOnce checks that links with the same href share
// one resolved URL: a page of 16,000 "<a href>" under a base of 7,920
// octets took 1.8 s and 1.7 GB of allocations, resolving and writing the
// same long URL for each (found by a black-box hunt for inputs that cost
// more than their size), where it now takes 5 MB.
func TestLinksResolveEachHrefOnce(t *testing.T) {
	base, _ := url.Parse("http://example.com/page")
	long := "http://example.com/" + strings.Repeat("\u00e9", 1320) // %C3%A9 each
	const n = 4000
	body := []byte(`<base href="` + long + `">` + strings.Repeat(`<a href>`, n) + strings.Repeat(`<a href="x#a"><a href="x#b">`, n/2))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	links := Links(body, base)
	runtime.ReadMemStats(&after)
	if len(links) != 2*n {
		t.Fatalf("Links found %d links, want %d", len(links), 2*n)
	}
	for i, l := range links {
		first := links[0]
		if i >= n {
			first = links[n] // "x#a" and "x#b" lead to one URL, written once for each href
		}
		if l.URL != first.URL {
			t.Fatalf("link %d: %.60q..., want %.60q...", i, l.URL, first.URL)
		}
		// links[i-2] has the same href, but for the first two of each half.
		if i >= 2 && i != n && i != n+1 && unsafe.StringData(l.URL) != unsafe.StringData(links[i-2].URL) {
			t.Fatalf("link %d does not share the URL of link %d, whose href is the same", i, i-2)
		}
	}
	if got, limit := after.TotalAlloc-before.TotalAlloc, uint64(16<<20); got > limit {
		t.Errorf("Links allocated %d octets for a %d-octet page of %d links, want at most %d", got, len(body), len(links), limit)
	}
}

func TestLinksUTF16(t *testing.T) {
	base, _ := url.Parse("https://example.com/")
	doc := `<p><a href="/é" rel=nofollow>x</a>`
	want := []Link{{URL: "https://example.com/%C3%A9", Rel: []string{"nofollow"}, NoFollow: true}}
	for _, tc := range []struct {
		name string
		body []byte
		want []Link
	}{
		{"little-endian", utf16Bytes("\uFEFF"+doc, false), want},
		{"big-endian", utf16Bytes("\uFEFF"+doc, true), want},
		{"no mark", utf16Bytes(doc, false), nil},
		// What Links' doc tells a caller whose Content-Type says UTF-16.
		{"no mark, the caller's put before it", append([]byte("\xff\xfe"), utf16Bytes(doc, false)...), want},
		{"no mark, the caller's big-endian one", append([]byte("\xfe\xff"), utf16Bytes(doc, true)...), want},
	} {
		if got := Links(tc.body, base); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: Links = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestLinksInForeignContent checks Links against the tree builder where SVG
// and MathML change how the tokenizer must read (HTML §13.2.6.5): a
// self-closing <title/>, <style/> or <script/> there is empty, and their
// content is markup, but at an integration point HTML rules again.
func TestLinksInForeignContent(t *testing.T) {
	a := `<a href="https://example.com/after">after</a>`
	for _, body := range []string{
		`<body><svg><title/></svg>` + a,
		`<body><svg><style/></svg>` + a,
		`<body><svg><script href="i.js"/></svg>` + a,
		`<body><svg><title>icon <a href="/in-title">x</a></title></svg>` + a,
		`<body><svg><foreignObject><title/>` + a + `</foreignObject></svg>` + a,
		`<body><svg><foreignObject><script>document.write('<a href="/fake">')</script></foreignObject></svg>` + a,
		`<body><svg><desc><style>` + a + `</style></desc></svg>` + a,
		`<body><svg><title/><p><title>x ` + a + `</title>` + a,
		`<body><math><mi><style/>` + a + `</style></mi></math>` + a,
		`<body><math><annotation-xml encoding="application/xhtml+xml"><style/>` + a + `</style></annotation-xml></math>` + a,
		`<body><svg><a href="/svg-link"><title/></a></svg>` + a,
		`<body><svg><base href="/svg-base/"></svg><a href="x">x</a>`,
		`<body><svg><![CDATA[<a href="/in-cdata">]]></svg>` + a,
		`<body><svg><g><g><title/></g></g></svg><svg><style/></svg>` + a,
		`<body><svg><desc><i><![CDATA[>` + a, `<body><math><mi><b><![CDATA[>` + a,
		`<body><math><mi><b><mglyph><title>` + a + `</title>`, `<body><svg><desc><b></b><style/></desc></svg>` + a,
		// An HTML end tag that closes the foreign content from outside, or
		// may: a CDATA section after it is a bogus comment.
		`<body><div><svg></div><![CDATA[>` + a + `]]>`, `<body><b><svg></b><![CDATA[>` + a + `]]>`,
		`<body><template><svg></template><![CDATA[>` + a + `]]>`, `<body><svg><desc><b></x><![CDATA[>` + a + `]]>`,
		// Parts of a table in a template, which close or drop foreign
		// content as the table insertion modes have it.
		`<body><template><table><head><math></head><title/></template>` + a,
		`<body><template><caption><b><caption><math></b><noframes></template>` + a,
		`<body><template><td><b><td><svg></b><title></template>` + a,
		// An end tag that goes to the HTML around the foreign content,
		// which is not followed: it closes the SVG or MathML when it
		// closes an element open there, and is ignored otherwise.
		`<body><a href="/1"><svg></a><title><noframes></title>` + a,
		`<body><a href="/2"><math></a><noframes></p><title></noframes>` + a,
		`<body><b><svg></b><title><noframes></title>` + a, `<body><div><svg></div><title><style></title>` + a,
		`<body><a href="/1"><svg></a><g></g></svg>` + a,
		// Rules of the tree builder's that close elements where the
		// scanner follows only some: a table part's end tag closes all its
		// part holds, foreign content and integration points too; a form
		// in a table is closed at once; a button ends the button open,
		// and a ruby part the elements whose end tags are implied; with a
		// template open, </form> closes what the form holds; a table in a
		// cell nests.
		`<body><svg><desc><table><tr><math></tr><noembed><b><xmp></noembed>` + a,
		`<body><table><math><mo></table><![CDATA[>` + a,
		`<body><svg><desc><table><svg><desc><form></desc><style></svg>` + a,
		`<body><svg><desc><button><div><button><svg></div><style>` + a,
		`<body><svg><desc><ruby><li><rt><svg></li><style>` + a,
		`<body><template><form><math></form><textarea><b><xmp></textarea>` + a,
		`<body><template><td><svg><foreignObject><table></table></foreignObject><iframe>` + a,
		// With no template open, </form> closes the form innermost.
		`<body><svg><foreignObject><form></form></foreignObject><title>` + a,
	} {
		base, _ := url.Parse("https://example.com/dir/")
		got, want := Links([]byte(body), base), treeLinks(t, []byte(body), base)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Links(%q) = %v, the tree walk finds %v", body, got, want)
		}
	}

	// Where foreignContent has guessed and SVG or MathML is innermost, a
	// CDATA section is read as a bogus comment and as text, and the links
	// of both readings count: read only as a bogus comment, the markup-like
	// text after its first '>' breaks out of the foreign content and opens
	// raw text that hides the rest of the document. want is nil where Links
	// finds what the tree walk does; else it holds a link of the reading the
	// tree builder does not make, or the tree builder takes a <base href>
	// only the text reading finds, which Links leaves out.
	for _, tc := range []struct {
		name, body string
		want       []string
	}{
		{"unplaced end tag, then <b><title>", `<body><svg></x><![CDATA[><b><title>]]>` + a, nil},
		{"unplaced end tag, then <p><xmp>", `<body><svg></h4><![CDATA[><p><xmp>]]>` + a, nil},
		{"MathML, then <i><textarea>", `<body><math></x><![CDATA[><i><textarea>]]>` + a, nil},
		{"nested SVG, then <div><noscript>", `<body><svg><g></applet><![CDATA[><div><noscript>]]>` + a, nil},
		{"end tag stopped at a cell", `<body><table><td><svg></iframe><![CDATA[><b><title>]]>` + a, nil},
		{"adoption agency in a template", `<body><template><a><a><svg><![CDATA[><p><xmp>]]></template>` + a, nil},
		{"past the HTML elements followed", `<body><template>` + strings.Repeat("<span>", 17) + `<svg><![CDATA[><i><textarea>]]>` + a, nil},
		{"a link of each reading, in document order",
			`<body><a href="/before"><svg></x><![CDATA[><a href="/bogus-comment"><b><title>]]><a href="/text"></title>` + a,
			[]string{"/before", "/bogus-comment", "/text", "/after"}},
		{"a link both readings find, once", `<body><svg></x><![CDATA[x]]>` + a + `<![CDATA[>]]>` + a, nil},
		{"an end tag read as closing the foreign content around it, and as ignored",
			`<body><svg></div><title><style></title>` + a, []string{"/after"}},
		{"a <base href> only the text reading finds is not used",
			`<body><svg></x><![CDATA[><b><title>]]></svg><base href="/other/"><a href="x">`, []string{"/dir/x"}},
		// A link one reading alone finds, between where it parts from the
		// one before it and a later place where it would part again.
		{"a link after the first of two end tags going around",
			`<body><svg><svg></div><title><textarea></title><a href="/closed"></textarea></title></div>` + a, []string{"/closed", "/after"}},
		{"a link after the first of two unsure CDATA sections",
			`<body><svg></div><![CDATA[><b><textarea>]]><a href="/text"></textarea><svg><![CDATA[>]]>` + a, []string{"/text", "/after"}},
		// Only the reading without scripts that closes the SVG and reads
		// CDATA sections as text finds it.
		{"a link of the reading of every way",
			`<body><noscript><svg><svg></div><![CDATA[><svg><![CDATA[><b><title>]]></svg><![CDATA[>` + a, []string{"/after"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base, _ := url.Parse("https://example.com/dir/")
			got, want := Links([]byte(tc.body), base), treeLinks(t, []byte(tc.body), base)
			if tc.want != nil {
				want = nil
				for _, p := range tc.want {
					want = append(want, Link{URL: "https://example.com" + p})
				}
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("Links(%q) = %v, want %v", tc.body, got, want)
			}
		})
	}
}

// treeLinks walks the trees html.Parse builds, with scripting enabled and
// disabled (when links in a <noscript> count), for <a href> and <area
// href>, and resolves each once, in document order, with net/url the way
// Links documents, against the first <base href> of the tree a browser
// with scripting enabled builds.
func treeLinks(t testing.TB, body []byte, base *url.URL) []Link {
	t.Helper()
	marked := markTags(body, "a", "area", "base")
	found := map[int]Link{}
	var baseHref *string
	for _, scripting := range []bool{true, false} {
		for n := range parseTree(t, marked, scripting).Descendants() {
			if n.Type != html.ElementNode || n.Namespace != "" && n.Namespace != "svg" && n.Namespace != "math" {
				continue
			}
			switch n.Data {
			case "a", "area":
				href, ok := treeAttr(n, "href")
				if !ok || n.Data == "area" && n.Namespace != "" { // SVG's or MathML's: no link
					continue
				}
				rel, _ := treeAttr(n, "rel")
				l := Link{URL: href}
				// ASCII lower-casing, octet by octet: strings.ToLower would
				// turn octets that are not UTF-8 into U+FFFD.
				lower := []byte(rel)
				for i, c := range lower {
					if 'A' <= c && c <= 'Z' {
						lower[i] = c + 'a' - 'A'
					}
				}
				for _, tok := range strings.FieldsFunc(string(lower), isHTMLSpace) {
					l.Rel = append(l.Rel, tok)
					l.NoFollow = l.NoFollow || tok == "nofollow" || tok == "ugc" || tok == "sponsored"
				}
				found[markOf(t, n)] = l // the same tag in either tree, or copied, holds the same link
			case "base":
				if href, ok := treeAttr(n, "href"); ok && scripting && baseHref == nil && n.Namespace == "" && !inTemplateContent(n) {
					baseHref = &href
				}
			}
		}
	}
	var raw []Link
	for _, at := range slices.Sorted(maps.Keys(found)) {
		raw = append(raw, found[at])
	}
	if baseHref != nil {
		// A browser falls back to the page's URL when the base's does not
		// parse, as an http URL without a host does not, or is a data: or
		// javascript: URL (HTML §4.2.3).
		if u, err := url.Parse(relativeInScheme(whatwgHref(*baseHref), base)); err == nil && u.Scheme != "data" && u.Scheme != "javascript" {
			u = rfcResolve(base, u)
			port, err := strconv.Atoi(u.Port())
			hostless := !slices.Contains([]string{"http", "https", "ftp", "ws", "wss"}, u.Scheme)
			// A base longer than MaxLinkBytes, as its links' URLs are
			// written, is ignored, as Links documents.
			written := *u
			written.RawQuery = whatwgQuery(u.RawQuery)
			fits := len(written.String()) <= MaxLinkBytes
			_, noOrigin := RobotsURL(u.String()) // a host such as "a<b" or "caf%E9"
			if fits && (hostless || u.Hostname() != "" && (u.Port() == "" || err == nil && port <= 65535) && noOrigin == nil) {
				base = u
			}
		}
	}
	var out []Link
	for _, l := range raw {
		href := relativeInScheme(whatwgHref(l.URL), base)
		ref, err := url.Parse(href)
		if err == nil && ref.Path == "*" && ref.RawPath == "" && strings.HasPrefix(href, "%") {
			// A browser keeps the escape of "%2A"; net/url would write
			// the path it reads, "*", unescaped. (It keeps "%2a" itself,
			// in RawPath.)
			ref.RawPath = "%2A"
		}
		if err != nil || ref.Scheme == "" && ref.Host == "" && strings.HasPrefix(href, "//") {
			// A network-path reference with an empty authority ("//",
			// "///x") names no host (RFC 3986 §4.2, as Links reads it),
			// where net/url would resolve it to the base's own.
			continue
		}
		u := rfcResolve(base, ref)
		u.RawQuery = whatwgQuery(u.RawQuery)
		// A ':' in a host is an IPv6 address's, in brackets, or no host.
		badHost := u.Hostname() == "" || strings.Contains(u.Hostname(), ":") && !strings.HasPrefix(u.Host, "[")
		if (u.Scheme != "http" && u.Scheme != "https") || badHost || u.Opaque != "" {
			continue
		}
		if port, err := strconv.Atoi(u.Port()); u.Port() != "" && (err != nil || port > 65535) {
			continue
		}
		if _, err := RobotsURL(u.String()); err != nil {
			continue // a host no origin has ('"', '<', octets that are not UTF-8): Links leaves it out
		}
		l.URL = u.String()
		if len(l.URL) > MaxLinkBytes {
			continue // left out, as Links documents: not reliably crawlable
		}
		out = append(out, l)
	}
	return out
}

// TestTreeLinksLeavesOutLongURLs holds the oracle of FuzzLinks and
// TestLinksNeverMissOne to Links' MaxLinkBytes: FuzzLinks once found a link
// under a base whose host, percent-encoded, made its URL 33 KB, which Links
// leaves out as documented and the tree walk kept.
func TestTreeLinksLeavesOutLongURLs(t *testing.T) {
	long := strings.Repeat("m", MaxLinkBytes)
	page, _ := url.Parse("https://example.com/")
	hostBase, _ := url.Parse("https://exam" + strings.Repeat("\xaa", MaxLinkBytes/3) + "ple.com/")
	tests := []struct {
		name string
		base *url.URL
		body string
		want []Link
	}{
		{"a URL past MaxLinkBytes", page, `<a href="/` + long + `"><a href="/b">`, []Link{{URL: "https://example.com/b"}}},
		{"a host escaped past MaxLinkBytes", hostBase, `<a href="/s">`, nil},
		{"a base past MaxLinkBytes", page, `<base href="https://b.example/` + long + `/"><a href="x">`, []Link{{URL: "https://example.com/x"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Links([]byte(tc.body), tc.base); fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("Links = %.200v, want %v", got, tc.want)
			}
			if got := treeLinks(t, []byte(tc.body), tc.base); fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("treeLinks = %.200v, want %v", got, tc.want)
			}
		})
	}
}

// whatwgHref is href trimmed as a browser trims it, without its fragment,
// with backslashes as slashes where a browser reads them so, and with what
// net/url would escape in its path (a space, a control, an octet past
// ASCII, or one of "<>\\^`{|}) escaped, as a browser escapes them, so that
// url.Parse keeps the path's own escapes ("0 !" is "0%20!", not "0%20%21").
func whatwgHref(href string) string {
	href, _, _ = strings.Cut(browserSlashes(whatwgTrim(href)), "#")
	u, query, hasQuery := strings.Cut(href, "?")
	pathAt := 0
	if i := strings.IndexByte(u, ':'); i > 0 && !strings.Contains(u[:i], "/") {
		pathAt = i + 1 // past a scheme, or what url.Parse will refuse
	}
	if strings.HasPrefix(u[pathAt:], "//") {
		pathAt += 2 + strings.IndexByte(u[pathAt+2:]+"/", '/')
	}
	var b strings.Builder
	b.WriteString(u[:pathAt])
	for _, c := range []byte(u[pathAt:]) {
		if c >= 0x7f || c <= ' ' || strings.IndexByte("\"<>\\^`{|}", c) >= 0 {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	if hasQuery {
		b.WriteString("?" + query)
	}
	return b.String()
}

// relativeInScheme is href, as whatwgHref writes it, as a reference
// relative to base when it names base's scheme, http or https, with no "//"
// after it (RFC 3986 §5.2.2, not strict, as a browser reads it): the text
// after the colon, with "./" before it where its first segment would read
// as a scheme.
func relativeInScheme(href string, base *url.URL) string {
	scheme, rest, ok := strings.Cut(href, ":")
	if !ok || base == nil || (base.Scheme != "http" && base.Scheme != "https") || strings.ToLower(scheme) != base.Scheme || strings.HasPrefix(rest, "//") {
		return href
	}
	if first, _, _ := strings.Cut(strings.SplitN(rest, "?", 2)[0], "/"); strings.Contains(first, ":") {
		return "./" + rest
	}
	return rest
}

// rfcResolve resolves ref against base with net/url, but for the path:
// merged by RFC 3986 §5.2.3, and its dot segments removed by §5.2.4's loop
// over an input buffer, "%2e" read as a dot (§6.2.2.2, and the URL
// Standard), where net/url's own removal drops empty segments.
func rfcResolve(base, ref *url.URL) *url.URL {
	u := base.ResolveReference(ref)
	u.Fragment, u.RawFragment = "", ""
	if u.Opaque != "" {
		return u
	}
	bp, rp := base.EscapedPath(), ref.EscapedPath()
	in := rp
	if ref.Scheme == "" && ref.Host == "" && ref.User == nil && !strings.HasPrefix(rp, "/") {
		switch {
		case rp == "":
			in = bp
		case base.Host != "" && bp == "":
			in = "/" + rp
		default:
			in = bp[:strings.LastIndex(bp, "/")+1] + rp
		}
	}
	if !strings.HasPrefix(in, "/") {
		return u
	}
	segs := strings.Split(in, "/")
	for i, seg := range segs {
		switch strings.ToLower(seg) {
		case ".", "%2e":
			segs[i] = "."
		case "..", ".%2e", "%2e.", "%2e%2e":
			segs[i] = ".."
		}
	}
	in = strings.Join(segs, "/")
	out := ""
	for in != "" {
		switch {
		case strings.HasPrefix(in, "/./"):
			in = in[2:]
		case in == "/.":
			in = "/"
		case strings.HasPrefix(in, "/../"), in == "/..":
			in = "/" + in[min(len(in), 4):]
			out = out[:max(strings.LastIndex(out, "/"), 0)]
		default: // the first segment, its '/' with it, moves to out
			end := strings.IndexByte(in[1:], '/') + 1
			if end == 0 {
				end = len(in)
			}
			out, in = out+in[:end], in[end:]
		}
	}
	u.Path, _ = url.PathUnescape(out)
	u.RawPath = out
	return u
}

// whatwgQuery percent-encodes a query as a browser sends it: by the URL
// Standard's special-query percent-encode set.
func whatwgQuery(q string) string {
	var b strings.Builder
	for i := 0; i < len(q); i++ {
		if c := q[i]; c < 0x21 || c > 0x7e || strings.IndexByte(`"#'<>`, c) >= 0 {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// whatwgTrim strips C0 controls and spaces around href and removes tabs
// and newlines inside it, as the URL Standard's parser does; byte by byte,
// since strings.Map would turn octets that are not UTF-8 into U+FFFD.
func whatwgTrim(href string) string {
	href = strings.Trim(href, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")
	return strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(href)
}

// inTemplateContent reports whether n stands in an HTML template, whose
// content html.Parse keeps among its children, where the HTML standard
// keeps it apart from the document.
func inTemplateContent(n *html.Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Type == html.ElementNode && p.DataAtom == atom.Template && p.Namespace == "" {
			return true
		}
	}
	return false
}

// browserSlashes turns backslashes into slashes in href before its query
// or fragment, as browsers do for http and https URLs and for references
// without a scheme (resolved here against an http(s) page).
func browserSlashes(href string) string {
	head, tail := href, ""
	if i := strings.IndexAny(href, "?#"); i >= 0 {
		head, tail = href[:i], href[i:]
	}
	if i := strings.IndexByte(head, ':'); i > 0 {
		scheme := strings.ToLower(head[:i])
		valid := !strings.ContainsFunc(scheme, func(r rune) bool {
			return !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '+' || r == '-' || r == '.')
		}) && 'a' <= scheme[0] && scheme[0] <= 'z'
		if valid && scheme != "http" && scheme != "https" {
			return href
		}
	}
	return strings.ReplaceAll(head, `\`, "/") + tail
}

// checkSet asserts what every set from this package promises.
func checkSet(t *testing.T, where string, d Directives) {
	t.Helper()
	if d.Bot != lowerString(d.Bot) || d.Bot != trimASCIISpace(d.Bot) || strings.ContainsAny(d.Bot, ",;") {
		t.Errorf("%s: Bot %q is not a trimmed, lower-cased name", where, d.Bot)
	}
	for _, p := range []*int{d.MaxSnippet, d.MaxVideoPreview} {
		if p != nil && *p < -1 {
			t.Errorf("%s: limit %d below -1", where, *p)
		}
	}
	switch d.MaxImagePreview {
	case "", "none", "standard", "large":
	default:
		t.Errorf("%s: MaxImagePreview %q", where, d.MaxImagePreview)
	}
	if u := d.UnavailableAfter; !u.IsZero() && (u.Location() != time.UTC || u.Nanosecond() != 0 || u.Year() < 1 || u.Year() > 9999) {
		t.Errorf("%s: UnavailableAfter %v is not UTC whole seconds in years 1-9999", where, u)
	}
	seen := map[string]bool{}
	for _, o := range d.Other {
		if _, known := flagByName(o); known || valuedDirective(o) != vNone || o == "" || o != lowerName(o) ||
			o != trimASCIISpace(o) || strings.ContainsAny(o, ",;:") || seen[o] {
			t.Errorf("%s: Other holds %q (all: %q)", where, o, d.Other)
		}
		seen[o] = true
	}
}

// atLeast reports whether a restricts everything b restricts.
func atLeast(a, b Directives) bool {
	ra, rb := toDirectiveSet(a), toDirectiveSet(b)
	merged := ra
	merged.other = slices.Clone(ra.other)
	merged.seen = nil
	merged.union(&rb)
	return show(merged.directives()) == show(ra.directives())
}

func FuzzParseDirectives(f *testing.F) {
	for _, s := range []string{
		"noindex, nofollow", "googlebot: noindex, otherbot: none, robots: noarchive",
		"unavailable_after: Wed, 25 Jun 2025 15:00:00 GMT, max-snippet: 20",
		"unavailable_after: Monday, 15-Aug-05 15:52:01 UTC; max-image-preview: LARGE",
		"examplebot: max-snippet: -1, max-video-preview: 0, noodp, ACAP allow-index",
		"unavailable_after: 2025-11-06T10:14:16+01:00 ", "unavailable_after: 20251106T101416.5+0100",
		"unavailable_after: Wed, 32 Jun", ": x, a: b: c",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, value string) {
		sets := ParseDirectives(value)
		bots := map[string]bool{}
		for _, d := range sets {
			checkSet(t, "ParseDirectives", d)
			if bots[d.Bot] {
				t.Errorf("ParseDirectives(%q) gave two sets for bot %q", value, d.Bot)
			}
			bots[d.Bot] = true
			want := []Directives{d}
			if back := ParseDirectives(d.ExplicitString()); !same(back, want) {
				t.Errorf("ParseDirectives(%q) = %s, from %q, want %s", d.ExplicitString(), showAll(back), value, show(d))
			}
			if back := ParseDirectives(d.String()); !same(back, want) {
				t.Errorf("ParseDirectives(%q) = %s, from %q, want %s", d.String(), showAll(back), value, showAll(want))
			}
			if field, err := FormatRobotsTag(d); err == nil {
				if back, err := ParseRobotsTag(field); err != nil || !same(back, []Directives{d}) {
					t.Errorf("ParseRobotsTag(%q) = %s, %v; want %s", field, showAll(back), err, show(d))
				}
			}
			// A meta tag reads back for the bot it names, but for a NUL,
			// which HTML reads as U+FFFD.
			if agent := d.Bot; !strings.Contains(d.String(), "\x00") && (agent == "" || ProductToken(agent) == agent && agent != "robots") {
				if agent == "" {
					agent = "OtherBot"
				}
				body := []byte("<html><head>" + d.MetaTag() + "</head></html>")
				unscoped := d
				unscoped.Bot = ""
				if got := DirectivesFor(http.Header{"Content-Type": {"text/html"}}, body, agent); !same([]Directives{got}, []Directives{unscoped}) {
					t.Errorf("DirectivesFor(%s, %q) = %s, from %q, want %s", d.MetaTag(), agent, show(got), value, show(unscoped))
				}
			}
		}
	})
}

func FuzzParseRobotsTag(f *testing.F) {
	for _, s := range []string{
		"*;nosnippet, ExampleBot;noindex", "*;noindex=?0;max-snippet=20;max-image-preview=large",
		`*;unavailable_after="25 Jun 2010 15:00:00 PST", x;unavailable_after=@1277506800`,
		`"*";noindex, (a b);c, 5;d, *;noai`, "noindex, examplebot: nofollow",
		robotsTagAt(MaxRobotsTagBytes-len("*;max-snippet=20"), "*;max-snippet=200"),
		`*;noindex, x;a=%"\", *;nofollow`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, field string) {
		sets, err := ParseRobotsTag(field)
		if err != nil {
			if sets != nil || !strings.HasPrefix(err.Error(), "robots: ") {
				t.Errorf("ParseRobotsTag(%q) = %s, %v; want nil and a robots: error", field, showAll(sets), err)
			}
		}
		if len(field) <= MaxRobotsTagBytes {
			// Below the limit the field is exactly what httpsfv reads.
			if _, sfErr := httpsfv.UnmarshalList([]string{field}); (sfErr == nil) != (err == nil) {
				t.Errorf("ParseRobotsTag(%q) error %v, httpsfv.UnmarshalList error %v", field, err, sfErr)
			}
		} else {
			// Past the limit, nothing but whether the member at the limit is
			// whole can matter.
			other := field[:MaxRobotsTagBytes+1] + `"(;x`
			sets2, err2 := ParseRobotsTag(other)
			if (err == nil) != (err2 == nil) || !same(sets, sets2) {
				t.Errorf("bytes past the limit changed ParseRobotsTag: %s, %v; then %s, %v", showAll(sets), err, showAll(sets2), err2)
			}
		}
		// Kept is all of field, nothing (no member ends within the limit),
		// or a prefix that ends where a member does: before a comma or OWS.
		kept := cutRobotsTag(field)
		if len(kept) > MaxRobotsTagBytes || !strings.HasPrefix(field, kept) || kept != field && kept != "" && !strings.ContainsRune(", \t", rune(field[len(kept)])) {
			t.Errorf("cutRobotsTag kept %d bytes ending before %q", len(kept), field[len(kept):min(len(field), len(kept)+10)])
		}
		// Cutting keeps whole members: what is kept of a valid list is a
		// valid list.
		if _, err := httpsfv.UnmarshalList([]string{field}); err == nil {
			if _, err := httpsfv.UnmarshalList([]string{kept}); err != nil {
				t.Errorf("cutRobotsTag kept %d bytes of a valid field that do not parse: %v", len(kept), err)
			}
		}
		bots := map[string]bool{}
		for _, d := range sets {
			checkSet(t, "ParseRobotsTag", d)
			if bots[d.Bot] {
				t.Errorf("ParseRobotsTag(%q) gave two sets for bot %q", field, d.Bot)
			}
			bots[d.Bot] = true
		}
		if err == nil && sets != nil {
			out, ferr := FormatRobotsTag(sets...)
			if ferr != nil {
				t.Fatalf("FormatRobotsTag(%s) error %v", showAll(sets), ferr)
			}
			if back, err := ParseRobotsTag(out); err != nil || !same(back, sets) {
				t.Errorf("ParseRobotsTag(%q) = %s, %v; want %s", out, showAll(back), err, showAll(sets))
			}
		}
	})
}

func FuzzDirectivesFor(f *testing.F) {
	f.Add("noindex\nexamplebot: all", "*;nosnippet, ExampleBot;noindex",
		`<head><meta name="robots" content="max-snippet:5"><meta name="examplebot" content="nofollow"></head><body><meta name=robots content=noarchive>`,
		"ExampleBot/1.0")
	f.Add("googlebot: noindex", "googlebot;nofollow", `<html><meta name="GoogleBot" content="noarchive">`, "Googlebot")
	f.Add("", "", `<head><template><meta name=robots content=noindex></template><script>"<meta>"</script><meta name=robots content=none>`, "x")
	f.Add("", "", `<html xmlns="http://www.w3.org/1999/xhtml"><head><title/><meta name="robots" content="noindex"/>`, "x")
	f.Add("", "", string(utf16Bytes("\uFEFF<head><meta name=robots content=noindex>\U0001F600", false)), "x")
	f.Fuzz(func(t *testing.T, xRobotsTag, robotsTag, body, agent string) {
		contentType := "text/html"
		if len(body)%2 == 1 {
			contentType = "application/xhtml+xml" // read with XML's empty elements
		}
		h := http.Header{"Content-Type": {contentType}}
		for line := range strings.SplitSeq(xRobotsTag, "\n") {
			h.Add("X-Robots-Tag", line)
		}
		h.Add("Robots-Tag", robotsTag)
		d := DirectivesFor(h, []byte(body), agent)
		checkSet(t, "DirectivesFor", d)
		if d.Bot != "" {
			t.Errorf("DirectivesFor gave Bot %q, want \"\"", d.Bot)
		}
		explained, sources := ExplainDirectives(h, []byte(body), agent)
		if show(explained) != show(d) {
			t.Errorf("ExplainDirectives = %s, DirectivesFor = %s", show(explained), show(d))
		}
		var union directiveSet
		token := ProductToken(agent)
		for _, s := range sources {
			if s.Directives.Bot != "" && s.Directives.Bot != token {
				t.Errorf("source %v addresses %q, not %q", s, s.Directives.Bot, token)
			}
			r := toDirectiveSet(s.Directives)
			union.union(&r)
		}
		union.bot = ""
		if show(union.directives()) != show(d) {
			t.Errorf("union of sources = %s, result = %s", show(union.directives()), show(d))
		}
		// A body adds restrictions, never lifts them; generic restrictions
		// hold for every agent.
		if headerOnly := DirectivesFor(h, nil, agent); !atLeast(d, headerOnly) {
			t.Errorf("DirectivesFor with body %s is less restrictive than without %s", show(d), show(headerOnly))
		}
		if generic := DirectivesFor(h, []byte(body), ""); !atLeast(d, generic) {
			t.Errorf("DirectivesFor(%q) = %s lifts the generic %s", agent, show(d), show(generic))
		}
	})
}

func FuzzLinks(f *testing.F) {
	f.Add(`<base href="/sub/"><a href="x" rel="NoFollow ugc">a</a><area href="javascript:x"><a href="//h/p#f">`, "https://example.com/a/b")
	f.Add(`<a href=" mailto:x"><a href="http:x"><a href="/%zz"><a href="?q">`, "")
	f.Add(`<a href="x">`, "relative/base")
	f.Add(`<a href="/s?q=a b&c=ä'<>">`, "https://example.com/")
	f.Add(`<base href="\\h\s\"><a href="http://:80/x"><a href="//h:99999"><a href="a\b?c\d">`, "https://example.com/")
	f.Add(string(utf16Bytes("\uFEFF<a href=/\U0001F600>", true)), "https://example.com/")
	f.Add(`<base href="/%2e%2E/b/./"><a href="..//x"><a href="/é%2F..%2F|#50%"><a href="http://h/a/%2e%2e">`, "https://example.com/a/b")
	// A path of "%2A" alone, whose escape url.Parse loses, and "%2a", whose
	// escape it keeps (see parseCleaned).
	f.Add(`<a href="%2a"><a href="%2A?q"><a href="*">`, "https://example.com/dir/page.html")
	// The page's own scheme with no "//" after it: relative.
	f.Add(`<base href="HTTP:b/"><a href="http:/x"><a href="http:a:b?c"><a href="http:"><a href="https:y">`, "http://example.com/dir/page.html?q")
	f.Fuzz(func(t *testing.T, body, rawBase string) {
		base, err := optionalURL(rawBase)
		if err != nil {
			return
		}
		links := Links([]byte(body), base)
		body = string(asUTF8([]byte(body), "")) // the text Links read
		if n := strings.Count(strings.ToLower(body), "<a") + strings.Count(strings.ToLower(body), "<area"); len(links) > n {
			t.Errorf("Links found %d links in a body with %d <a or <area", len(links), n)
		}
		// Never one too few: every link of the tree builder's document is
		// one of Links' (see TestLinksNeverMissOne), but where a <base>
		// may stand in foreign content that foreignContent cannot place.
		if base != nil && base.IsAbs() && !strings.Contains(strings.ToLower(body), "<base") && !treeDiverges([]byte(body)) {
			have := map[string]bool{}
			for _, l := range links {
				have[fmt.Sprint(l)] = true
			}
			for _, l := range treeLinks(t, []byte(body), base) {
				if !have[fmt.Sprint(l)] {
					t.Errorf("Links(%q, %q) misses %v, which the tree walk finds", body, base, l)
				}
			}
		}
		for _, l := range links {
			u, err := url.Parse(l.URL)
			if err != nil || l.URL == "" {
				t.Errorf("Links gave %q, which does not parse: %v", l.URL, err)
				continue
			}
			if strings.Contains(l.URL, "#") {
				t.Errorf("Links gave %q with a fragment", l.URL)
			}
			// Its path and query can be sent as they are: they hold
			// nothing a browser would percent-encode.
			if target := u.EscapedPath() + "?" + u.RawQuery; strings.ContainsFunc(target, func(r rune) bool { return r <= ' ' || r >= 0x7f || strings.ContainsRune(`"<>`, r) }) {
				t.Errorf("Links gave %q, whose path and query %q cannot be sent as they are", l.URL, target)
			}
			switch u.Scheme {
			case "http", "https":
				if !hasOrigin(u) {
					t.Errorf("Links gave %q with no origin", l.URL)
				}
				for seg := range strings.SplitSeq(u.EscapedPath(), "/") {
					if seg = strings.ReplaceAll(strings.ToLower(seg), "%2e", "."); seg == "." || seg == ".." {
						t.Errorf("Links gave %q, whose path holds a dot segment", l.URL)
					}
				}
			case "":
				if (u.Host != "" || u.User != nil) && !hasOrigin(u) {
					t.Errorf("Links gave %q with no origin", l.URL)
				}
				if base != nil && (base.Scheme == "http" || base.Scheme == "https") && base.Host != "" {
					t.Errorf("Links gave relative %q with the absolute base %q", l.URL, base)
				}
			default:
				t.Errorf("Links gave %q: scheme %q cannot be crawled", l.URL, u.Scheme)
			}
			nofollow := false
			for _, r := range l.Rel {
				if r == "" || r != lowerString(r) || strings.ContainsFunc(r, isHTMLSpace) {
					t.Errorf("Links gave rel token %q", r)
				}
				nofollow = nofollow || r == "nofollow" || r == "ugc" || r == "sponsored"
			}
			if nofollow != l.NoFollow {
				t.Errorf("Links gave NoFollow %v for rel %q", l.NoFollow, l.Rel)
			}
		}
	})
}

// headCases are documents whose head the tree builder treats in some
// special way; the head scan must agree with it on each.
var headCases = func() []string {
	m := `<meta name=a content=b>`
	return []string{
		`<svg>` + m, `<head><svg></svg>` + m, `<math>` + m, `<head><noframes>x</noframes>` + m, `<head><basefont>` + m, `<head><bgsound>` + m,
		`<head><frameset>` + m, `<frameset>` + m, `<head><select>` + m, `<head><table>` + m, `<head><plaintext>` + m,
		`<head><xmp>` + m, `<head><textarea>` + m, `<head><noembed>` + m, `<head><title></title>` + m,
		`<head><title/>` + m + `</title>` + m, `<head><style/>` + m, `<head></template>` + m, `<head></head></head>` + m,
		`<head></head><head>` + m, `<head></head></html>` + m, `<head></head></br>` + m, `<head></head></p>` + m,
		`<head></head><template>` + m + `</template>` + m, `<head></head><title>x</title>` + m, `<head></head><html>` + m,
		"<head>\x00" + m, "\x00" + m, "<head></head>\x00" + m, `<head><!DOCTYPE html>` + m, `<!DOCTYPE html><!DOCTYPE html>` + m,
		`<head><![CDATA[x]]>` + m, `<head><?php x ?>` + m, `<head></>` + m, `<head><meta name=a>` + m, `<head><META/NAME=a/CONTENT=b>`,
		`<head><meta name=a content=b/>`, `<head><link/>` + m, `<head>` + m + `<template><template>` + m,
		`<html><body></body></html>` + m, `</html>` + m, `</head>` + m, `</body>` + m, `</br>` + m, `</x>` + m,
		// <noscript> in the head, read with and without scripting (HTML
		// §13.2.6.4.4-5), in a template, and with CDATA sections too.
		`<head><noscript>` + m + `</noscript>` + m, `<head><noscript><img>` + m + `</noscript>` + m, `<head><noscript>x</noscript>` + m,
		`<head><noscript><noscript>` + m + `</noscript>` + m, `<head><noscript></head><link><style>` + m + `</style></noscript>` + m,
		`<head><noscript><title>` + m + `</title>` + m, `<head><noscript></br>` + m, `<head><noscript/>` + m + `</noscript>` + m,
		// </noscript> returns to the head, which </body> then ends; a
		// <style> in it is raw text, after which </body> is ignored.
		`<html><head><noscript></noscript></body>` + m, `<html><head><noscript><style></style></body>` + m,
		`<head><template><noscript></template>` + m,
		`<head><template><svg><noscript></template>` + m, `<head><template><svg><![CDATA[<noscript></template>]]>` + m,
		`<head><template><noscript><div><svg></noscript><title></template>` + m,
		// Foreign content in a template (HTML §13.2.6.5): <title>, <style>
		// and <script> hold markup and a self-closing tag is empty, except
		// at an integration point, where they are HTML again.
		`<head><template><svg><title/></svg></template>` + m, `<head><template><svg><style/></svg></template>` + m,
		`<head><template><svg><script href="i.js"/></svg></template>` + m, `<head><template><math><style></template>` + m,
		`<head><template><svg><title>` + m + `</title></svg></template>` + m,
		`<head><template><svg><foreignObject><title/></foreignObject></svg></template>` + m,
		`<head><template><svg><desc><style>` + m + `</style></desc><style/></svg></template>` + m,
		`<head><template><math><mi><style/></mi></math></template>` + m, `<head><template><math><mi><mglyph><style/></template>` + m,
		`<head><template><math><annotation-xml encoding="TEXT/HTML"><style/></template>` + m,
		`<head><template><math><annotation-xml><style/></template>` + m, `<head><template><math><annotation-xml><svg><style/></template>` + m,
		`<head><template><svg><p><style/></template>` + m, `<head><template><svg><font color=red><style/></template>` + m,
		`<head><template><svg><font><style/></template>` + m, `<head><template><svg></p><style/></template>` + m,
		`<head><template><svg><g><title/></g></svg><title/></template>` + m, `<head><template><svg><![CDATA[</template>]]></svg></template>` + m,
		`<head><template><svg><linearGradient><style/></lineargradient></svg></template>` + m,
		// Parts of a table in a template, read in the table insertion
		// modes (HTML §13.2.6.4.9-15): <head> is dropped, a part closes the
		// part it cannot stand in, and a template whose first element is a
		// row or a cell drops what it cannot hold.
		`<head><template><table><head><math></head><title/></template>` + m,
		`<head><template><table><frame><math></frame><title/></template>` + m,
		`<head><template><caption><b><caption><math></b><noframes></template>` + m,
		`<head><template><table><td><b><td><math></b><noframes></template>` + m,
		`<head><template><table><tr><td><i><tr><math></i><noframes></template>` + m,
		`<head><template><table><tbody><u><caption><math></u><noframes></template>` + m,
		`<head><template><table><colgroup><col><td><math></colgroup><noframes></template>` + m,
		`<head><template><table><caption><s><td><math></s><noframes></template>` + m,
		`<head><template><tr><caption><svg></caption><title></template>` + m,
		`<head><template><tr><math></tr><noembed><b><xmp></noembed></template>` + m,
		`<head><template><table><svg><desc><form></desc><style></template>` + m,
		`<head><template><button><div><button><svg></div><style></template>` + m,
		`<head><template><ruby><li><rt><svg></li><style></template>` + m,
		`<head><template><form><math></form><textarea><b><xmp></textarea></template>` + m,
		`<head><template><td><svg><foreignObject><table></table></foreignObject><iframe></template>` + m,
		`<head><template><td><tr><svg></tr><title></template>` + m,
		`<head><template><td><b><td><svg></b><title></template>` + m,
		`<head><template><table><tr><table></table><math></tr><noframes></template>` + m,
		`<head><template><caption><table><math></caption><noframes></template>` + m,
		// An HTML element open at an integration point: CDATA is a bogus
		// comment again, and <mglyph> an HTML element.
		`<head><template><svg><desc><i><![CDATA[></template>` + m, `<head><template><math><mi><b><![CDATA[></template>` + m,
		`<head><template><math><mi><b><mglyph><style/></template>` + m,
		// Where the scan cannot be sure the tree builder's innermost element
		// is foreign, a CDATA section is read both as a bogus comment and as
		// text, and the metas of either reading count: read only as text, it
		// would hide all up to its "]]>"; only as a bogus comment, the
		// markup-like text after its first '>' could open raw text.
		`<head><template><a><a><svg><![CDATA[><b><title>]]></template>` + m,
		`<head><template><a><a><g><a><svg></g><title></template>` + m, `<head><template><nobr><g><nobr><svg></g><title></template>` + m,
		`<head><template><td><svg></iframe><![CDATA[><p><xmp>]]></template>` + m,
		`<head><template><a><a><math><![CDATA[><i><textarea>]]></template>` + m,
		`<head><template>` + strings.Repeat("<span>", 17) + `<svg><![CDATA[><div><noscript>]]></template>` + m,
		`<head><template><svg><desc><b></x><![CDATA[></template>` + m, `<head><template><svg><desc><b></desc><![CDATA[></template>` + m,
		`<head><template><svg><desc><b></br><![CDATA[></template>` + m, `<head><template><svg><desc><td><td></desc></svg><![CDATA[></template>` + m,
		`<head><template><div><svg></div><![CDATA[></template>` + m, `<head><template><b><svg></b><![CDATA[></template>` + m,
		`<head><template><template><svg></template><![CDATA[></template>` + m, `<head><template><col><svg><![CDATA[></template>` + m,
		`<head><template><x><svg></a><![CDATA[></template>` + m + `]]>`, `<head><template><select><svg><![CDATA[></template>` + m + `]]>`,
		`<head><template><svg><desc><p><b></p>x<![CDATA[></template>` + m,
		`<head><template> <malignmark><td><svg><input><malignmark/></td><mglyph/><style></mo>]]><u><![CDATA[<![CDATA[></template>` + m,
		// Nested past namedFrom, where an end tag in foreign content finds
		// its element by name: it closes the innermost one of its name
		// above the first HTML element, not one below it.
		`<head><template><svg>` + strings.Repeat("<g>", 40) + `<x></x></g><title/></svg></template>` + m,
		`<head><template><svg>` + strings.Repeat("<g>", 40) + `</svg><title/></template>` + m + `</title>` + m,
		`<head><template><svg>` + strings.Repeat("<g>", 40) + `<desc><div><svg><x></g><title/></template>` + m,
		`<head><template><svg>` + strings.Repeat("<x><g>", 20) + `<desc><b></x><td></desc></g><style/></svg></template>` + m,
		`<head><template><svg>` + strings.Repeat("<g>", 40) + `<foreignObject><template><svg></template><title/></template>` + m,
		// An SVG <template> is not the head's.
		`<head><template><svg><template></template><g/></svg></template>` + m,
		`<head><template><svg><template></template>` + m + `</template>`,
		`<head><script></script ` + m, `<head><script><!--<script>` + m + `</script>-->` + m, `<head><title>&lt;` + m,
		"<head>\f\r\n" + m, "<head>\v" + m, "\xef\xbb\xbf" + m, `<head><a>` + m, `<head><base href=x>` + m,
		`<head><object>` + m, `<head><input>` + m, `<head><hr>` + m, `<head></template><template>` + m,
		`<head><template></head><body>` + m + `</template>` + m, `<head><template><html>` + m + `</template>` + m,
		`<head><template></template></template>` + m, `<head><noscript>` + m + `</noscript>` + m,
		`<html><head><meta name="robots" content="x" name="y">`, `<head><meta NAME=a NAME=b content=c>`,
		`<head></head><noframes>` + m + `</noframes>` + m, `<head></head><style>` + m + `</style>` + m, `<head></head><frameset>` + m,
		`<head></head><body>` + m, `<head></head><div>` + m, `<head></head><noscript>` + m, `<head></head> x` + m,
		`<head></head><link>` + m, `<head></head><base>` + m, `<head></head><bgsound>` + m, `<head></head><basefont>` + m,
		`<head></head></template>` + m, `<head></head></body>` + m, `<head></head><head>` + m,
		// HTML §13.2.6.4.5: a <link> stays in the head's <noscript>, where
		// any end tag but </noscript> and </br> is ignored. A form feed ends
		// a tag name (§13.2.5.8).
		`<head><noscript><link></html>` + m, "<head><meta\fname=a content=b>",
		// Foreign content in a template (HTML §13.2.6.5): <malignmark> at a
		// MathML text integration point is MathML, <ms> is one, and <font
		// size> breaks out as <font color> does.
		`<head><template><math><mi><malignmark><style/></template>` + m, `<head><template><math><ms><style/></template>` + m,
		`<head><template><svg><font size=3><style/></template>` + m,
		// An HTML start tag in SVG pops to the integration point, not past
		// it; an SVG <annotation-xml> is no integration point and not
		// special, and stops no end tag.
		`<head><template><svg><desc><svg><b></b></desc><title/></template>` + m,
		`<head><template><div><svg><annotation-xml></div><title/></template>` + m,
		// What the insertion modes of HTML §13.2.6.4.7-18 close, whose end
		// tag then closes the SVG, or finds nothing to close and leaves it
		// open: a template whose first element is <style> is still to choose
		// its mode, a <table> at an integration point in a table closes the
		// table, an <hr> closes a <p> in button scope, an <input> or
		// <select> in a select the select, <rp> leaves <rtc> open and <rt>
		// closes <rb>, <li> stops at <section>, <dt> closes <dt>, a cell in
		// a table body opens in it, </li> stops at <ol>, </div> at <select>
		// (as golang.org/x/net/html reads it), a second <table> closes the
		// first, and <li> stops at an integration point.
		`<head><template><style></style><tr><svg></tr><title></template>` + m,
		`<head><template><table><svg><foreignObject><table></table></foreignObject><title></template>` + m,
		`<head><template><p><button><hr><svg></button><title></template>` + m,
		`<head><template><select><input><svg></select><title></template>` + m,
		`<head><template><select><select><svg></select><title></template>` + m,
		`<head><template><ruby><rtc><rp><svg></rtc><title></template>` + m,
		`<head><template><ruby><rb><rt></rt><svg></rb><title></template>` + m,
		`<head><template><li><section><li><svg></section><title></template>` + m,
		`<head><template><dt><dt></dt><svg></dt><title></template>` + m,
		`<head><template><table><tbody><td><svg></tbody><title></template>` + m,
		`<head><template><li><ol><svg></li><title></template>` + m,
		`<head><template><div><select><svg></div><title></template>` + m,
		`<head><template><table><table></table><svg></table><title></template>` + m,
		`<head><template><li><svg><foreignObject><li></li></foreignObject><title/></template>` + m,
		// A <form> in a caption opens, </p> stops at a <button>, </h2>
		// closes an <h1>, and <h6> closes one (HTML §13.2.6.4.7).
		`<head><template><table><caption><form><svg></form><title></template>` + m,
		`<head><template><p><button></p><svg></button><title></template>` + m,
		`<head><template><h1><svg></h2><title></template>` + m,
		`<head><template><h1><h6></h6><svg></h1><title></template>` + m,
		// </em> runs the adoption agency, which closes the SVG; an <li>
		// stops </span>; <summary> closes the <p>, so that <hr> then
		// closes nothing (HTML §13.2.4.3, §13.2.6.4.7).
		`<head><template><em><div><svg></em><title></template>` + m,
		// Each round of the adoption agency moves the <b> one special
		// element further in, and the round that finds none closes it and
		// the SVG with it, up to the eighth round: seven special elements
		// inside close it, eight leave it open (so its <title> holds
		// markup).
		`<head><template><b><div><div><svg></b><title></template>` + m + `</title>`,
		`<head><template><b><p><span>` + strings.Repeat("<div>", 6) + `<svg></b><title></template>` + m + `</title>`,
		`<head><template><b>` + strings.Repeat("<div>", 8) + `<svg></b><title></template>` + m + `</title>`,
		`<head><template><span><li><svg></span><title></template>` + m,
		`<head><template><p><summary></summary><span><hr><svg></span><title></template>` + m,
		// <wbr> is void: </wbr> finds no element to close.
		`<head><template><wbr><svg></wbr><title></template>` + m,
		// A formatting element's end tag in a row that passed foreign
		// content closes it through a copy reopened in the row (<a>,
		// <u>), but not that of one never opened (</a> after <b>,
		// </strong> after <tt>).
		`<head><template><tr><a><tr><math></a><![CDATA[></template>` + m + `]]>`,
		`<head><template><tr><u><tr><math></u><![CDATA[></template>` + m + `]]>`,
		`<head><template><tr><b><tr><math></a><![CDATA[></template>` + m + `]]>`,
		`<head><template><tr><tt><tr><math></strong><![CDATA[></template>` + m + `]]>`,
		// </li> closes the <div> inside it, before the SVG opens; a second
		// </i> closes nothing, nor do </html> in a cell or </col> in an
		// <object>, which leave the SVG open; </b> after a second <th>
		// finds no <b>, closed with the first cell.
		`<head><template><li><div></li><svg><![CDATA[></template>` + m + `]]>`,
		`<head><template><i></i></i><svg><![CDATA[></template>` + m + `]]>`,
		`<head><template><td><svg></html><![CDATA[></template>` + m + `]]>`,
		`<head><template><object><svg></col><![CDATA[></template>` + m + `]]>`,
		`<head><template><th><b><th><svg></b><title></template>` + m,
		// Outside quirks mode a <table> closes the <p> (§13.2.6.4.7),
		// which the scan keeps open and so closes the <span> at the <hr>:
		// unsure, it reads the CDATA section both ways.
		`<!DOCTYPE html><head><template><p><table></table><span><hr><svg></span><![CDATA[></template>` + m,
		// In a template that holds no table, a </table> closes the row open
		// and the section around it, so a later </tr> or </tbody> no longer
		// reaches the MathML, whose <noframes> is then no raw text; in a
		// cell it closes nothing, and the </tr> closes the MathML too. In a
		// section, it closes the MathML inside it.
		`<template><tr></table><math></tr><noframes></template>` + m,
		`<template><tbody><tr></table><math></tbody><noframes></template>` + m,
		`<template><caption></table><math></caption><noframes></template>` + m,
		`<template><tr><td></table><math></tr><noframes></template>` + m,
		`<template><td></table><math></td><noframes></template>` + m,
		`<template><tbody><math></table><noframes></template>` + m,
		// A "<meta" that is no tag, in an unquoted value (see markTags).
		`<meta name=robots content=<meta/>` + m,
	}
}()

func TestHeadMetasAgainstTreeBuilder(t *testing.T) {
	for _, body := range headCases {
		got, want := scanMetas([]byte(body), false), treeMetas(t, []byte(body))
		if !slices.Equal(got, want) {
			t.Errorf("head metas of %q = %q, tree builder's head holds %q", body, got, want)
		}
	}
}

// foreignFragments are pieces of foreign content, templates and markup
// the tree builder treats specially, and CDATA sections whose text opens
// raw text when read as markup, for documents that try the scanners'
// tracking of foreign content (foreignContent).
var foreignFragments = fragments(`<svg> </svg> <math> </math> <svg/> <foreignObject> </foreignObject>
		<desc> </desc> <title> </title> <title/> <mi> </mi> <mo> <mtext> </mtext> <mglyph>
		<malignmark/> <annotation-xml> </annotation-xml> <annotation-xml_encoding=text/html>
		<template> </template> <![CDATA[ ]]> <![CDATA[> <b> </b> <i> <div> </div> <p> </p>
		<br> </br> <font_color=red> <span> </span> <table> <td> </td> <tr> <caption> <col>
		<li> <ul> </ul> <dd> <h1> <h2> <a> </a> <select> </select> <frameset> <style> </style>
		<style/> <script> </script> <textarea> <xmp> <iframe/> <noscript> <!--x--> x
		</x> <g> </g> <body> </body> <html> <head> </head> <object>
		<![CDATA[><b><title>]]> <![CDATA[><p><xmp>]]> <![CDATA[><i><textarea>]]> <![CDATA[><div><noscript>]]>`)

// fragments splits list at white space, and writes each '_' in a fragment
// as a space.
func fragments(list string) []string {
	frags := strings.Fields(list)
	for i, f := range frags {
		frags[i] = strings.ReplaceAll(f, "_", " ")
	}
	return frags
}

// foreignDocument writes prefix, one to twelve foreignFragments and
// suffix.
func foreignDocument(r *rand.Rand, prefix, suffix string) []byte {
	var b strings.Builder
	b.WriteString(prefix)
	for range 1 + r.IntN(12) {
		b.WriteString(foreignFragments[r.IntN(len(foreignFragments))])
	}
	b.WriteString(suffix)
	return []byte(b.String())
}

// TestHeadMetasNeverMissOne checks, on documents of foreignFragments in a
// head template that end in a CDATA section holding "</template>" and a
// meta tag, that the head scan visits every meta the tree builder puts in
// the head: where it cannot follow the tree builder, it may read a meta too
// many, which can only make a page's directives stricter, never one too
// few.
func TestHeadMetasNeverMissOne(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		body := foreignDocument(r, "<head><template>", `<![CDATA[></template><meta name=robots content=noindex>]]>`)
		got, want := scanMetas(body, false), treeMetas(t, body)
		for _, m := range want {
			i := slices.Index(got, m)
			if i < 0 {
				t.Fatalf("head metas of %q = %q, missing %q of the tree builder's %q", body, got, m, want)
			}
			got = got[i+1:]
		}
	}
}

// TestHeadMetasCDATABothWays: where foreignContent has guessed and SVG or
// MathML is innermost, a CDATA section is read as a bogus comment and as
// text, and the metas of both readings count, each tag once, in document
// order. Read only as a bogus comment, the markup-like text after its first
// '>' can break out of the foreign content and open raw text that hides the
// rest of the head. tree says the metas are the tree builder's too.
func TestHeadMetasCDATABothWays(t *testing.T) {
	const (
		noindex   = `<meta name=robots content=noindex>`
		nofollow  = `<meta name=robots content=nofollow>`
		noarchive = `<meta name=robots content=noarchive>`
	)
	tests := []struct {
		name, body string
		want       []string // scanMetas
		tree       bool
		directives string // written(DirectivesFor(...))
	}{
		{"adoption agency, then <b><title>", `<head><template><a><div><a><svg><![CDATA[><b><title>]]></template>` + noindex,
			[]string{"robots=noindex"}, true, "noindex"},
		{"end tag stopped at a cell, then <p><xmp>", `<head><template><td><svg></iframe><![CDATA[><p><xmp>]]></template>` + noindex,
			[]string{"robots=noindex"}, true, "noindex"},
		{"MathML, then <i><textarea>", `<head><template><a><div><a><math><![CDATA[><i><textarea>]]></template>` + noindex,
			[]string{"robots=noindex"}, true, "noindex"},
		{"past the HTML elements followed, then <div><noscript>",
			`<head><template>` + strings.Repeat("<span>", 17) + `<svg><![CDATA[><div><noscript>]]></template>` + noindex,
			[]string{"robots=noindex"}, true, "noindex"},
		{"a meta of each reading, in document order",
			`<head><template><a><div><a><svg><![CDATA[></template>` + nofollow + `<title>]]></template>` + noindex,
			[]string{"robots=nofollow", "robots=noindex"}, false, "noindex, nofollow"},
		{"the text reading's meta first",
			noarchive + `<template><a><div><a><svg><![CDATA[><b><title>]]></template>` + noindex + `</title></template>` + nofollow,
			[]string{"robots=noarchive", "robots=noindex", "robots=nofollow"}, true, "noindex, nofollow, noarchive"},
		{"a meta both readings find, once", noarchive + `<template><a><div><a><svg><![CDATA[x]]></template>` + noindex,
			[]string{"robots=noarchive", "robots=noindex"}, true, "noindex, noarchive"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body := []byte(tc.body)
			if got := scanMetas(body, false); !slices.Equal(got, tc.want) {
				t.Errorf("head metas of %q = %q, want %q", tc.body, got, tc.want)
			}
			if want := treeMetas(t, body); tc.tree != slices.Equal(want, tc.want) {
				t.Errorf("the tree builder's head holds %q; the case says that is %q: %v", want, tc.want, tc.tree)
			}
			d, sources := ExplainDirectives(htmlHeader(), body, exampleBot)
			if got := written(d); got != tc.directives || len(sources) != len(tc.want) {
				t.Errorf("ExplainDirectives(%q) = %q from %d sources, want %q from %d", tc.body, got, len(sources), tc.directives, len(tc.want))
			}
		})
	}
}

// TestReadingOffsets checks what the union of two readings rests on: the
// offset a reading gives each token is where its raw text stands in the
// body, and the tokens cover the body.
func TestReadingOffsets(t *testing.T) {
	bodies := append([]string{"", "\xef\xbb\xbfx", "a\r\nb\x00<b\x00>", "<![CDA", "<svg><![CDATA[x", "<svg></x><![CDATA[><b><title>]]>x",
		"<a href='x", "<!--", "<title>x</title", "<plaintext><a>", "&amp;&#0;<p a=&lt;>"}, headCases...)
	r := rand.New(rand.NewPCG(3, 4))
	for range 1000 {
		bodies = append(bodies, string(foreignDocument(r, "<body>", "")))
	}
	for _, body := range bodies {
		trimmed := trimBOM([]byte(body))
		for _, way := range []readingWay{0, cdataText, noScripts, cdataText | noScripts} {
			rd := followForeign(body, way, func(rd *reading) {
				if rd.at < 0 || rd.end > len(trimmed) || !bytes.Equal(trimmed[rd.at:rd.end], rd.z.Raw()) {
					t.Fatalf("reading %q (way %d): token %q at [%d:%d]", body, way, rd.z.Raw(), rd.at, rd.end)
				}
			})
			if rd.end != len(trimmed) {
				t.Errorf("reading %q (way %d) ended at %d of %d", body, way, rd.end, len(trimmed))
			}
		}
	}
}

// FuzzHeadMetas checks the head scan against the HTML5 tree builder of
// golang.org/x/net/html: the metas it visits are the meta children of the
// <head> that html.Parse builds. Where foreignContent has guessed, they are
// those children, in order, and may be more: a meta too many, never one too
// few (a CDATA section read both ways, or as a bogus comment where the tree
// builder reads text).
func FuzzHeadMetas(f *testing.F) {
	for _, s := range headCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		if treeDiverges([]byte(body)) {
			t.Skip("html.Parse departs from the HTML standard here")
		}
		got, want := scanMetas([]byte(body), false), treeMetas(t, []byte(body))
		if !slices.Equal(got, want) && (!guessed([]byte(body)) || !inOrder(want, got)) {
			t.Errorf("head metas of %q = %q, tree builder's head holds %q", body, got, want)
		}
	})
}

// headFragments are markup that decides whether the head goes on: what a
// head holds, what ends it, templates (after which it resumes), formatting
// and foreign elements (which templates may hold), and tables, whose end
// resets the insertion mode.
var headFragments = fragments(`<head> </head> <body> </body> <html> </html> <!doctype_html>
	<html_lang=x> <head_id=x> <template> </template> <template> </template>
	<a> </a> <b> </b> <nobr> </nobr> <i> </i> <font_color=red> </font> <font> <p> </p> <br> </br>
	<svg> </svg> <svg/> <math> </math> <math/> <g> </g> <g/> <title> </title> <title/>
	<foreignObject> </foreignObject> <desc> </desc> <mi> </mi> <mtext> </mtext>
	<annotation-xml_encoding=text/html> </annotation-xml> <div> </div> <span> </span> x _
	<table> </table> <caption> <colgroup> <col> <tbody> <tr> <td> </td> <th> <select> </select>
	<noscript> </noscript> <style> </style> <script> </script> <textarea> </textarea>
	<noframes> </noframes> <noembed> </noembed> <xmp> </xmp> <![CDATA[ ]]> <!-- -->
	<object> </object> <applet> </applet> <marquee> </marquee> <button> </button> <form> </form>
	<frameset> <frame> <img> <iframe> <input> <hr> <image> <li> <dd> <h1> </h1> <ul> </ul>
	<pre> </pre> <listing> <base> <link> <basefont> <bgsound> <option> <rb> <em> </em> <sarcasm> </sarcasm>`)

// TestHeadMetasGenerated compares the head scan with the tree builder on
// documents of headFragments and meta tags, half of them in a head with up
// to two templates, and templates closed at random: a template in the head
// holds anything, and the head resumes after it.
func TestHeadMetasGenerated(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 7))
	for range 20000 {
		var b strings.Builder
		if r.IntN(2) == 0 {
			b.WriteString([]string{"", "<head>", "<html><head>"}[r.IntN(3)])
			for range r.IntN(3) {
				b.WriteString("<template>")
			}
		}
		metas := 0
		for range 1 + r.IntN(40) {
			switch f := headFragments[r.IntN(len(headFragments))]; {
			case r.IntN(6) == 0:
				b.WriteString("</template>")
			case r.IntN(4) == 0:
				metas++
				fmt.Fprintf(&b, "<meta name=m%d content=c>", metas)
			default:
				b.WriteString(f)
			}
		}
		body := []byte(b.String())
		if treeDiverges(body) {
			continue
		}
		got, want := scanMetas(body, false), treeMetas(t, body)
		if !slices.Equal(got, want) && (!guessed(body) || !inOrder(want, got)) {
			t.Errorf("head metas of %q = %q, tree builder's head holds %q", body, got, want)
		}
	}
}

// linkHrefs are hrefs for TestLinksNeverMissOne: relative, absolute,
// network-path, with backslashes, without an origin, not crawlable.
var linkHrefs = []string{"/a", "b", `\c\d`, `\\h.example\x`, "http://:80/y", "//h2.example:99999/z",
	"https://h3.example/p?q\\r#f", "javascript:x", "mailto:a@b", `HTTP:\\h4.example\w`, "../up", "?q", "#f",
	"", " /sp ", "http://[::1]:8080/v", "//:1/w", `c:\x`}

// baseHrefs are <base href> values for TestLinksNeverMissOne: one that
// counts, ones that leave the page's URL in force, and one against which
// no relative link resolves.
var baseHrefs = []string{"/b1/", "http://:80/b2/", `\\h5.example\b3\`, "javascript:x", "DATA:,x", "mailto:x", "ftp://:21/", " /b4/\t", "https://h6.example:99999/"}

// TestLinksNeverMissOne checks, on documents of headFragments, links and
// bases, that Links finds every link of the tree builder's document: where
// it cannot follow the tree builder it may find one too many (in a
// template whose content the tree builder drops, or a body a frameset
// replaces), and it gives them in source order, where the tree builder may
// move one (a table's foster parenting), but none is missing. Each tag
// carries its own rel token, so that the copies of an <a> the tree builder
// makes when it reopens formatting elements count once. Documents with a
// <base> are left out where the tree builder may take another than Links:
// where foreignContent is unsure of what is open (see Links), and where
// tables or a frameset move elements.
func TestLinksNeverMissOne(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(5, 9))
	base, _ := url.Parse("https://example.com/dir/page.html")
	for range 20000 {
		var b strings.Builder
		for id := range 1 + r.IntN(30) {
			href := linkHrefs[r.IntN(len(linkHrefs))]
			switch f := headFragments[r.IntN(len(headFragments))]; r.IntN(6) {
			case 5:
				fmt.Fprintf(&b, `<base href="%s">`, baseHrefs[r.IntN(len(baseHrefs))])
			case 0:
				fmt.Fprintf(&b, `<a href="%s" rel="id%d %s">`, href, id, []string{"", "nofollow", "UGC x", "sponsored"}[r.IntN(4)])
			case 1:
				fmt.Fprintf(&b, `<area href="%s" rel=id%d>`, href, id)
			default:
				b.WriteString(f)
			}
		}
		body := []byte(b.String())
		if bytes.Contains(body, []byte("<base")) {
			first := newReading(body, 0)
			scanLinks(&first, 0, -1)
			if first.foreign.guess || bytes.Contains(body, []byte("<table")) || bytes.Contains(body, []byte("<frameset")) {
				continue
			}
		}
		have := map[string]int{}
		for _, l := range Links(body, base) {
			have[fmt.Sprint(l)]++
		}
		seen := map[string]bool{}
		for _, l := range treeLinks(t, body, base) {
			if seen[l.Rel[0]] {
				continue // a copy the tree builder made
			}
			seen[l.Rel[0]] = true
			if have[fmt.Sprint(l)] == 0 {
				t.Fatalf("Links(%q) misses %v, which the tree walk finds", body, l)
			}
			have[fmt.Sprint(l)]--
		}
	}
}

// treeDiverges reports whether html.Parse's tree of body holds a MathML or
// SVG element named like an HTML element that resetting the insertion mode
// looks for (HTML §13.2.4.1: html, table, tr, td, ...). html.Parse's
// resetInsertionMode matches those by name in any namespace (only template
// is checked); the standard, browsers and the head scan match HTML elements
// only, so html.Parse may put in the head a meta that they put in the body.
func treeDiverges(body []byte) bool {
	doc, err := html.Parse(bytes.NewReader(trimBOM(body)))
	if err != nil {
		return false
	}
	for n := range doc.Descendants() {
		if n.Type == html.ElementNode && n.Namespace != "" {
			switch n.DataAtom {
			case atom.Html, atom.Head, atom.Body, atom.Frameset, atom.Table, atom.Caption, atom.Colgroup,
				atom.Tbody, atom.Thead, atom.Tfoot, atom.Tr, atom.Td, atom.Th:
				return true
			}
		}
	}
	return false
}

// guessed reports whether the head scan's first reading of body sets
// foreignContent.guess.
func guessed(body []byte) bool {
	r := newReading(body, 0)
	scanHead(&r, false, func(int, []byte, []byte) {})
	return r.foreign.guess
}

// TestHeadScanUnsure: where a tree builder's stack may part from the
// scan's, the scan says so (foreignContent.guess), and so reads the CDATA
// section after it both ways, keeping all the tree builder's metas.
func TestHeadScanUnsure(t *testing.T) {
	const m = `<meta name=robots content=noindex>`
	tests := []struct{ name, body string }{
		// The adoption agency takes the formatting element off the stack
		// and closes a copy of it inside the <div>; the scan keeps it.
		{"</i> with a div inside", `<head><template><i><div></i><svg><![CDATA[></template>` + m + `]]>`},
		{"</a> with a div inside", `<head><template><a><div></a><svg><![CDATA[></template>` + m + `]]>`},
		{"</nobr> with a div inside", `<head><template><nobr><div></nobr><svg><![CDATA[></template>` + m + `]]>`},
		{"</b> with a div inside", `<head><template><b><div></b><svg><![CDATA[></template>` + m + `]]>`},
		// An HTML end tag that passed foreign content closes it, unless a
		// tree builder's stack holds something the scan's lacks.
		{"</div> past SVG", `<head><template><div><svg></div><svg><![CDATA[></template>` + m + `]]>`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body := []byte(tc.body)
			if !guessed(body) {
				t.Errorf("the scan of %q is sure of its stack", tc.body)
			}
			if got, want := scanMetas(body, false), treeMetas(t, body); !inOrder(want, got) {
				t.Errorf("head metas of %q = %q, tree builder's head holds %q", tc.body, got, want)
			}
		})
	}
}

// inOrder reports whether all of want stands in got, in order.
func inOrder(want, got []string) bool {
	for _, w := range want {
		i := slices.Index(got, w)
		if i < 0 {
			return false
		}
		got = got[i+1:]
	}
	return true
}

// TestDeepForeignContent: foreignContent follows as many open elements as
// html.Parse does. Were it to stop sooner, an end tag could close an
// element below those it stopped following, all the SVG with it, and the
// next <title> would be raw text hiding the rest (found by review of a cap
// at 64).
func TestDeepForeignContent(t *testing.T) {
	base, _ := url.Parse("http://h/")
	for _, depth := range []int{10, 63, 64, 200, 500} {
		g := strings.Repeat("<g>", depth)
		page := "<svg>" + g + "<svg></svg><title><a href=/x>"
		want := []Link{{URL: "http://h/x"}}
		if got := Links([]byte(page), base); !reflect.DeepEqual(got, want) {
			t.Errorf("Links(<svg>, %d <g>, <svg></svg><title><a href=/x>) = %v, want %v", depth, got, want)
		}
		head := "<head><template><svg>" + g + "<foreignObject><svg><svg></svg><title></template>" +
			`<meta name=robots content=noindex></head><body>`
		if d := DirectivesFor(htmlHeader(), []byte(head), exampleBot); !d.NoIndex {
			t.Errorf("DirectivesFor(head template with <svg> and %d <g>) = %s, want noindex", depth, show(d))
		}
	}
}

// TestForeignContentIndex checks, after every token of documents that nest
// foreign content deep, what foreignContent keeps so that no tag searches
// every open element (run, skipTo, template, named, sameName) against its
// definition, computed here the slow way.
func TestForeignContentIndex(t *testing.T) {
	t.Parallel()
	// Elements that stay open, mostly SVG, to nest deep, and their end
	// tags; then foreignFragments. Names of 16 and 17 octets share their
	// first 15: foreignElement keeps those and the length.
	opens := strings.Split("<g>|<g>|<g>|<x>|<x>|<y>|<circle>|<svg>|<math>|<mi>|<desc>|<foreignObject>|"+
		"<title>|<annotation-xml>|<annotation-xml encoding=text/html>|<div>|<b>|<p>|<template>|<table>|<td>|<a>|"+
		"<h1>|<h2>|<aaaaaaaaaaaaaaaX>|<aaaaaaaaaaaaaaaXX>", "|")
	ends := strings.Fields("</g> </x> </y> </z> </svg> </div> </b> </h1> </h2> </aaaaaaaaaaaaaaaX> </aaaaaaaaaaaaaaaXX>")
	r := rand.New(rand.NewPCG(1, 2))
	deep := 0
	for doc := range 2000 {
		var b strings.Builder
		for range 20 + r.IntN(60) {
			b.WriteString(opens[r.IntN(len(opens))])
		}
		for range r.IntN(40) {
			switch r.IntN(3) {
			case 0:
				b.WriteString(opens[r.IntN(len(opens))])
			case 1:
				b.WriteString(ends[r.IntN(len(ends))])
			default:
				b.WriteString(foreignFragments[r.IntN(len(foreignFragments))])
			}
		}
		body := b.String()
		tok := 0
		followForeign(body, readingWay(doc%4), func(r *reading) {
			if err := checkForeignIndex(&r.foreign); err != nil {
				t.Fatalf("%q, after token %d: %v", body, tok, err)
			}
			if len(r.foreign.open) > namedFrom {
				deep++
			}
			tok++
		})
	}
	if deep == 0 {
		t.Fatal("no document nested deeper than namedFrom")
	}
}

// checkForeignIndex reports where f's index of its open elements differs
// from its definition.
func checkForeignIndex(f *foreignContent) error {
	open := f.open
	names := map[elementName]int16{}
	for i := range open {
		e := &open[i]
		run, skipTo, template, same := i, i-1, -1, -1
		if !e.html {
			for run > 0 && !open[run-1].html {
				run--
			}
			skipTo = run - 1
			for j := i; j >= run; j-- {
				if open[j].special() {
					skipTo = j
					break
				}
			}
		}
		for j := i; j >= 0; j-- {
			if open[j].html && open[j].point != 0 {
				template = j
				break
			}
		}
		if j, ok := names[e.elementName]; ok {
			same = int(j)
		}
		names[e.elementName] = int16(i)
		if int(e.run) != run || !e.html && int(e.skipTo) != skipTo || int(e.template) != template {
			return fmt.Errorf("element %d (%s): run, skipTo, template %d, %d, %d; want %d, %d, %d",
				i, e.name[:min(e.n, foreignNameLen)], e.run, e.skipTo, e.template, run, skipTo, template)
		}
		if f.named != nil && int(e.sameName) != same {
			return fmt.Errorf("element %d (%s): sameName %d, want %d", i, e.name[:min(e.n, foreignNameLen)], e.sameName, same)
		}
	}
	switch {
	case f.named == nil && len(open) > namedFrom:
		return fmt.Errorf("%d elements open and no index by name", len(open))
	case f.named != nil && !maps.Equal(f.named, names):
		return fmt.Errorf("named = %v, want %v", f.named, names)
	}
	return nil
}

// TestForeignContentStack: what foreignContent has open after documents
// whose every pop must keep its index in step (a heading closing one, the
// adoption agency, </template>, a table part at an integration point) or
// whose lookup by name must stop at the innermost HTML element or tell
// apart names longer than foreignNameLen (found by review, as mistakes the
// generated documents of TestForeignContentIndex miss).
func TestForeignContentStack(t *testing.T) {
	g40, s40 := strings.Repeat("<g>", 40), strings.Repeat("g ", 40)
	for _, tc := range []struct {
		name, body string
		open       string // names, innermost last
		guess      bool
	}{
		{"heading closes heading, then a search of the whole run",
			"<template><svg>" + g40 + "<foreignObject><h1><h2></h2><svg><g><g></h1><title>",
			"template svg " + s40 + "foreignobject svg g g title", false},
		{"adoption agency, then an end tag not open in the run",
			"<template><b><div><svg>" + g40 + "</b><svg><x></g><title>", "template b div svg x title", true},
		{"</template> closes the innermost template", "<template><template></template><svg><title/>", "template svg", false},
		{"table cell at an integration point in a table", "<template><table><svg><foreignObject><td>", "template table td", true},
		{"names of 17 and 16 octets", "<svg>" + g40 + "<aaaaaaaaaaaaaaaXX><aaaaaaaaaaaaaaaX></aaaaaaaaaaaaaaaXX>",
			"svg " + strings.TrimSpace(s40), false},
		{"end tag of an element below the innermost HTML one", "<svg><g><foreignObject><div><svg></g>",
			"svg g foreignobject div svg", true},
		// HTML §13.2.6.4.7: <a> where one is open runs the adoption agency.
		{"<a> closes the <a> open and all inside it", "<template><a><a><g><a><svg>", "template a svg", false},
		{"<nobr> closes the <nobr> open and all inside it", "<template><nobr><g><nobr>", "template nobr", false},
		{"<a> with a formatting element inside the open one", "<template><a><b><a>", "template a", true},
		{"<a> with something special inside the open one", "<template><a><div><a>", "template a div a", true},
		{"<a> with the open one out of scope", "<template><a><table><a>", "template a table a", true},
		{"<a> with the open one before a marker", "<template><a><object><a>", "template a object a", false},
		// Past maxFollowedHTML the <div> is not followed, which in a tree
		// builder stops </g>: unsure, the end tag leaves the <svg> open.
		{"end tag reaching HTML past those followed", "<template>" + strings.Repeat("<b>", 14) + "<g><b><div><svg></g>",
			"template " + strings.Repeat("b ", 14) + "g svg", true},
	} {
		f := &followForeign(tc.body, 0, func(*reading) {}).foreign
		var open []string
		for _, e := range f.open {
			open = append(open, string(e.name[:min(e.n, foreignNameLen)]))
		}
		if got := strings.Join(open, " "); got != tc.open || f.guess != tc.guess {
			t.Errorf("%s: %q leaves open %q, guess %v; want %q, guess %v", tc.name, tc.body, got, f.guess, tc.open, tc.guess)
		}
	}
}

// followForeign reads body as scanLinks follows foreign content, which
// changes how the tokenizer reads on, calling after once each token has
// been read so, and returns the reading at its end.
func followForeign(body string, way readingWay, after func(*reading)) *reading {
	r := newReading([]byte(body), way)
	for {
		switch tt := r.next(); tt {
		case html.ErrorToken:
			return &r
		case html.EndTagToken:
			r.foreign.end(lowerTagName(r.z))
		case html.StartTagToken, html.SelfClosingTagToken:
			name := lowerTagName(r.z)
			if r.foreign.start(r.z, name, tt == html.SelfClosingTagToken) && name.is("noscript") && r.foreign.inserts() {
				r.noscript()
			}
		}
		after(&r)
	}
}
