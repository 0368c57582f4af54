package robots

// The cases of Google's reference robots.txt parser's test suite
// (github.com/google/robotstxt: robots_test.cc at c8ac4b1, and
// reporting_robots_test.cc at 19feaac), ported as facts: each robots.txt
// body, user agent, URL and verdict is Google's, and each case is named after
// the Google test it comes from. The expectations are this package's. Where
// they differ from Google's, the case says what Google expects and which
// documented rule of this package decides instead; nothing else may differ.
//
// How the inputs map onto this API: Google's matcher takes a bare product
// token ("FooBot") and compares it whole, where IsAllowed takes a User-Agent
// and reduces it with ProductToken ("Foo Bar" is foo, "Foobot/2.1" is foobot).
// Google reads any string as a URL, "" and "example.com/a" included; IsAllowed
// takes an absolute URL, whose empty path is "/" ("http://foo.bar"), or a
// "/"-rooted path, and refuses anything else. Google's tests of its internal
// helpers (GetPathParamsQuery, MaybeEscapePattern) and of its parse callbacks
// (counts of directives, line numbers) are ported through what this API
// shows of the same thing: decisions, Explain's Decision.Line, RuleLines,
// Groups, Sitemaps and Records.

import (
	"slices"
	"strings"
	"testing"
)

// Values of googleCase.line other than a line number.
const (
	gNoRule  = -1 // Explain: no rule matched (ReasonNoMatch)
	gInvalid = -2 // Explain: the URL is not one IsAllowed reads (ReasonInvalidURL)
)

// A googleCase is one query of Google's suite.
type googleCase struct {
	name    string // the Google test's name, then what the case checks
	body    string // the robots.txt
	agent   string // passed as the user agent, as Google's test passes it
	url     string
	allowed bool
	line    int // the deciding rule's line (Explain), gNoRule, gInvalid, or 0 for unchecked
}

// Bodies Google's tests share between several queries.
const (
	gFooDisallowAll = `user-agent: FooBot
disallow: /
`

	gGroups = `allow: /foo/bar/

user-agent: FooBot
disallow: /
allow: /x/
user-agent: BarBot
disallow: /
allow: /y/


allow: /w/
user-agent: BazBot

user-agent: FooBot
allow: /z/
disallow: /
`

	gGroupsSitemap = `User-agent: BarBot
Sitemap: https://foo.bar/sitemap
User-agent: *
Disallow: /
`

	gGroupsUnknown = `User-agent: FooBot
Invalid-Unknown-Line: unknown
User-agent: *
Disallow: /
`

	gNamesUpper = `USER-AGENT: FooBot
ALLOW: /x/
DISALLOW: /
`
	gNamesLower = `user-agent: FooBot
allow: /x/
disallow: /
`
	gNamesCamel = `uSeR-aGeNt: FooBot
AlLoW: /x/
dIsAlLoW: /
`

	gAgentUpper = `User-Agent: FOO BAR
Allow: /x/
Disallow: /
`
	gAgentLower = `User-Agent: foo bar
Allow: /x/
Disallow: /
`
	gAgentCamel = `User-Agent: FoO bAr
Allow: /x/
Disallow: /
`

	gUpToFirstSpace = `User-Agent: *
Disallow: /
User-Agent: Foo Bar
Allow: /x/
Disallow: /
`

	gGlobal = `user-agent: *
allow: /
user-agent: FooBot
disallow: /
`
	gOnlySpecific = `user-agent: FooBot
allow: /
user-agent: BarBot
disallow: /
user-agent: BazBot
disallow: /
`

	gIndexHTML = `User-Agent: *
Allow: /allowed-slash/index.html
Disallow: /
`

	gFish = `user-agent: FooBot
disallow: /
allow: /fish
`
	gFishStar = `user-agent: FooBot
disallow: /
allow: /fish*
`
	gFishSlash = `user-agent: FooBot
disallow: /
allow: /fish/
`
	gPHP = `user-agent: FooBot
disallow: /
allow: /*.php
`
	gPHPEnd = `user-agent: FooBot
disallow: /
allow: /*.php$
`
	gFishPHP = `user-agent: FooBot
disallow: /
allow: /fish*.php
`

	// Line ends of ID_LinesNumbersAreCountedCorrectly: a group of foo with
	// its rule on line 2, a group of bar with its rule on line 6.
	gLinesUnix    = "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /\n"
	gLinesDOS     = "User-Agent: foo\r\nAllow: /some/path\r\nUser-Agent: bar\r\n\r\n\r\nDisallow: /\r\n"
	gLinesMac     = "User-Agent: foo\rAllow: /some/path\rUser-Agent: bar\r\r\rDisallow: /\r"
	gLinesNoFinal = "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /"
	gLinesMixed   = "User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /"

	// ID_UTF8ByteOrderMarkIsSkipped.
	gBOMFull    = "\xEF\xBB\xBFUser-Agent: foo\nAllow: /AnyValue\n"
	gBOMPart2   = "\xEF\xBBUser-Agent: foo\nAllow: /AnyValue\n"
	gBOMPart1   = "\xEFUser-Agent: foo\nAllow: /AnyValue\n"
	gBOMBroken  = "\xEF\x11\xBFUser-Agent: foo\nAllow: /AnyValue\n"
	gBOMInsider = "User-Agent: foo\n\xEF\xBB\xBFAllow: /AnyValue\n"

	// reporting_robots_test.cc's LinesNumbersAreCountedCorrectly, line for
	// line.
	gReportSimple = `User-Agent: foo
Allow: /some/path
User-Agent bar # no
absolutely random line
#so comment, much wow

unicorns: /extinct
noarchive: /some
Disallow: /
Error #and comment
useragent: baz
disallaw: /some
site-map: https://e/s.xml #comment
sitemap: https://e/t.xml
Noarchive: /someCapital
`
	gReportDOS = "User-Agent: foo\r\nAllow: /some/path\r\nUser-Agent: bar\r\n\r\n\r\nDisallow: /\r\n"
	gReportMac = "User-Agent: foo\rAllow: /some/path\rUser-Agent: bar\r\r\rDisallow: /\r"
)

// GoogleOnly_LineTooLong: Google cuts a line at 2083*8 octets. Its test
// builds rules whose line just passes that: a disallow of gLong1+"/qux", and
// allows of gLongA+"/qux" and gLongB+"/qux".
var (
	gLong1 = "/x/" + strings.Repeat("a", 2083*8-3-len("disallow: ")+1-3)
	gLongA = "/x/" + strings.Repeat("a", 2083*8-3-len("allow: ")+1-3)
	gLongB = "/x/" + strings.Repeat("b", 2083*8-3-len("allow: ")+1-3)

	gLineTooLong1 = "user-agent: FooBot\ndisallow: " + gLong1 + "/qux\n"
	gLineTooLong2 = "user-agent: FooBot\ndisallow: /\nallow: " + gLongA + "/qux\nallow: " + gLongB + "/qux\n"

	// reporting_robots_test.cc's LinesTooLongReportedCorrectly: a disallow
	// line of 2084*8 octets' pattern between a user-agent and an allow line.
	gReportLong        = "/x/" + strings.Repeat("a", 2084*8-3)
	gReportLongTooLong = "user-agent: foo\ndisallow: " + gReportLong + "\nallow: /\n"
)

// gOnlyPath is a document that allows exactly the path (and query) p, for
// asking which path IsAllowed takes from a URL (TestGetPathParamsQuery):
// the Allow on line 3 decides when the path is p, the Disallow on line 2
// otherwise.
func gOnlyPath(p string) string {
	return "User-agent: *\nDisallow: /\nAllow: " + p + "$\n"
}

var googleCases = []googleCase{
	// GoogleOnly_SystemTest. Google reads the empty URL as "/". IsAllowed
	// refuses it, as neither an absolute URL nor a "/"-rooted path (IsAllowed's
	// doc; README, "Matching in one sentence"): so where Google allows "",
	// this package refuses. Each query is also asked with a URL, where the two
	// agree.
	{"GoogleOnly_SystemTest: empty file, empty URL (Google: allowed)", "", "FooBot", "", false, gInvalid},
	{"GoogleOnly_SystemTest: empty file, with a URL", "", "FooBot", "http://foo.bar/", true, gNoRule},
	{"GoogleOnly_SystemTest: empty agent, empty URL (Google: allowed)", gFooDisallowAll, "", "", false, gInvalid},
	{"GoogleOnly_SystemTest: empty agent, with a URL: no group applies", gFooDisallowAll, "", "http://foo.bar/", true, gNoRule},
	// Google refuses too, but by the rule, reading "" as "/".
	{"GoogleOnly_SystemTest: empty URL refused", gFooDisallowAll, "FooBot", "", false, gInvalid},
	{"GoogleOnly_SystemTest: with a URL, refused by the rule", gFooDisallowAll, "FooBot", "http://foo.bar/", false, 2},
	{"GoogleOnly_SystemTest: all empty (Google: allowed)", "", "", "", false, gInvalid},
	{"GoogleOnly_SystemTest: all empty but the URL", "", "", "http://foo.bar/", true, gNoRule},

	// ID_LineSyntax_Line: a missing colon is accepted in a line of two words.
	{"ID_LineSyntax_Line: correct", gFooDisallowAll, "FooBot", "http://foo.bar/x/y", false, 2},
	{"ID_LineSyntax_Line: unknown keys", "foo: FooBot\nbar: /\n", "FooBot", "http://foo.bar/x/y", true, gNoRule},
	{"ID_LineSyntax_Line: colons missing", "user-agent FooBot\ndisallow /\n", "FooBot", "http://foo.bar/x/y", false, 2},

	// ID_LineSyntax_Groups.
	{"ID_LineSyntax_Groups: FooBot x", gGroups, "FooBot", "http://foo.bar/x/b", true, 5},
	{"ID_LineSyntax_Groups: FooBot z, from its second group", gGroups, "FooBot", "http://foo.bar/z/d", true, 15},
	{"ID_LineSyntax_Groups: FooBot y", gGroups, "FooBot", "http://foo.bar/y/c", false, 4},
	{"ID_LineSyntax_Groups: BarBot y", gGroups, "BarBot", "http://foo.bar/y/c", true, 8},
	{"ID_LineSyntax_Groups: BarBot w, after blank lines", gGroups, "BarBot", "http://foo.bar/w/a", true, 11},
	{"ID_LineSyntax_Groups: BarBot z", gGroups, "BarBot", "http://foo.bar/z/d", false, 7},
	{"ID_LineSyntax_Groups: BazBot z, sharing FooBot's last group", gGroups, "BazBot", "http://foo.bar/z/d", true, 15},
	{"ID_LineSyntax_Groups: FooBot, rule before any group ignored", gGroups, "FooBot", "http://foo.bar/foo/bar/", false, 4},
	{"ID_LineSyntax_Groups: BarBot, rule before any group ignored", gGroups, "BarBot", "http://foo.bar/foo/bar/", false, 7},
	{"ID_LineSyntax_Groups: BazBot, rule before any group ignored", gGroups, "BazBot", "http://foo.bar/foo/bar/", false, 16},

	// ID_LineSyntax_Groups_OtherRules: a Sitemap or unknown line between
	// user-agent lines does not end the group. Google's parser at c8ac4b1
	// agrees (there, neither line ends a group any more); its earlier code
	// split the group there, as the README says below its table "Where the
	// RFC (or our contract) wins over Google's parser".
	{"ID_LineSyntax_Groups_OtherRules: Sitemap, FooBot", gGroupsSitemap, "FooBot", "http://foo.bar/", false, 4},
	{"ID_LineSyntax_Groups_OtherRules: Sitemap, BarBot", gGroupsSitemap, "BarBot", "http://foo.bar/", false, 4},
	{"ID_LineSyntax_Groups_OtherRules: unknown line, FooBot", gGroupsUnknown, "FooBot", "http://foo.bar/", false, 4},
	{"ID_LineSyntax_Groups_OtherRules: unknown line, BarBot", gGroupsUnknown, "BarBot", "http://foo.bar/", false, 4},

	// ID_REPLineNamesCaseInsensitive.
	{"ID_REPLineNamesCaseInsensitive: upper, allowed", gNamesUpper, "FooBot", "http://foo.bar/x/y", true, 2},
	{"ID_REPLineNamesCaseInsensitive: lower, allowed", gNamesLower, "FooBot", "http://foo.bar/x/y", true, 2},
	{"ID_REPLineNamesCaseInsensitive: camel, allowed", gNamesCamel, "FooBot", "http://foo.bar/x/y", true, 2},
	{"ID_REPLineNamesCaseInsensitive: upper, disallowed", gNamesUpper, "FooBot", "http://foo.bar/a/b", false, 3},
	{"ID_REPLineNamesCaseInsensitive: lower, disallowed", gNamesLower, "FooBot", "http://foo.bar/a/b", false, 3},
	{"ID_REPLineNamesCaseInsensitive: camel, disallowed", gNamesCamel, "FooBot", "http://foo.bar/a/b", false, 3},

	// ID_VerifyValidUserAgentsToObey tests a helper that says whether a
	// string is a whole product token; see TestGoogleProductTokens for the
	// port. As queries: Google's matcher compares the agent it is given
	// whole, so an agent that is no bare token names no group there, while
	// IsAllowed reduces it to its ProductToken (ProductToken's doc; RFC 9309
	// §2.2.1 asks crawlers to match by their product token).
	{"ID_VerifyValidUserAgentsToObey: Foobot", gFooDisallowAll, "Foobot", "http://foo.bar/x", false, 2},
	{"ID_VerifyValidUserAgentsToObey: Foobot/2.1 is foobot (Google: names no group, allowed)", gFooDisallowAll, "Foobot/2.1", "http://foo.bar/x", false, 2},
	{"ID_VerifyValidUserAgentsToObey: Foobot* is foobot (Google: names no group, allowed)", gFooDisallowAll, "Foobot*", "http://foo.bar/x", false, 2},
	{"ID_VerifyValidUserAgentsToObey: Foobot Bar is foobot (Google: names no group, allowed)", gFooDisallowAll, "Foobot Bar", "http://foo.bar/x", false, 2},
	{"ID_VerifyValidUserAgentsToObey: space first names no group", gFooDisallowAll, " Foobot ", "http://foo.bar/x", true, gNoRule},
	{"ID_VerifyValidUserAgentsToObey: non-ASCII names no group", gFooDisallowAll, "ツ", "http://foo.bar/x", true, gNoRule},
	{"ID_VerifyValidUserAgentsToObey: Foo_Bar", "User-agent: Foo_Bar\nDisallow: /\n", "Foo_Bar", "http://foo.bar/x", false, 2},
	{"ID_VerifyValidUserAgentsToObey: Foobot-Bar", "User-agent: Foobot-Bar\nDisallow: /\n", "Foobot-Bar", "http://foo.bar/x", false, 2},

	// ID_UserAgentValueCaseInsensitive: "FOO BAR" in the file names foo.
	{"ID_UserAgentValueCaseInsensitive: upper, Foo, allowed", gAgentUpper, "Foo", "http://foo.bar/x/y", true, 2},
	{"ID_UserAgentValueCaseInsensitive: lower, Foo, allowed", gAgentLower, "Foo", "http://foo.bar/x/y", true, 2},
	{"ID_UserAgentValueCaseInsensitive: camel, Foo, allowed", gAgentCamel, "Foo", "http://foo.bar/x/y", true, 2},
	{"ID_UserAgentValueCaseInsensitive: upper, Foo, disallowed", gAgentUpper, "Foo", "http://foo.bar/a/b", false, 3},
	{"ID_UserAgentValueCaseInsensitive: lower, Foo, disallowed", gAgentLower, "Foo", "http://foo.bar/a/b", false, 3},
	{"ID_UserAgentValueCaseInsensitive: camel, Foo, disallowed", gAgentCamel, "Foo", "http://foo.bar/a/b", false, 3},
	{"ID_UserAgentValueCaseInsensitive: upper, foo, allowed", gAgentUpper, "foo", "http://foo.bar/x/y", true, 2},
	{"ID_UserAgentValueCaseInsensitive: lower, foo, allowed", gAgentLower, "foo", "http://foo.bar/x/y", true, 2},
	{"ID_UserAgentValueCaseInsensitive: camel, foo, allowed", gAgentCamel, "foo", "http://foo.bar/x/y", true, 2},
	{"ID_UserAgentValueCaseInsensitive: upper, foo, disallowed", gAgentUpper, "foo", "http://foo.bar/a/b", false, 3},
	{"ID_UserAgentValueCaseInsensitive: lower, foo, disallowed", gAgentLower, "foo", "http://foo.bar/a/b", false, 3},
	{"ID_UserAgentValueCaseInsensitive: camel, foo, disallowed", gAgentCamel, "foo", "http://foo.bar/a/b", false, 3},

	// GoogleOnly_AcceptUserAgentUpToFirstSpace. Google expects the agent
	// "Foo Bar" to name no group (it is no valid token, compared whole) and
	// so to follow "*", refused. IsAllowed reads the agent's ProductToken,
	// foo, which the "Foo Bar" group names (ProductToken's doc; RFC 9309
	// §2.2.1).
	{"GoogleOnly_AcceptUserAgentUpToFirstSpace: Foo", gUpToFirstSpace, "Foo", "http://foo.bar/x/y", true, 4},
	{"GoogleOnly_AcceptUserAgentUpToFirstSpace: agent Foo Bar is foo (Google: refused by *)", gUpToFirstSpace, "Foo Bar", "http://foo.bar/x/y", true, 4},

	// ID_GlobalGroups_Secondary.
	{"ID_GlobalGroups_Secondary: empty file", "", "FooBot", "http://foo.bar/x/y", true, gNoRule},
	{"ID_GlobalGroups_Secondary: own group before *", gGlobal, "FooBot", "http://foo.bar/x/y", false, 4},
	{"ID_GlobalGroups_Secondary: * for others", gGlobal, "BarBot", "http://foo.bar/x/y", true, 2},
	{"ID_GlobalGroups_Secondary: no group and no *", gOnlySpecific, "QuxBot", "http://foo.bar/x/y", true, gNoRule},

	// ID_AllowDisallow_Value_CaseSensitive.
	{"ID_AllowDisallow_Value_CaseSensitive: same case", "user-agent: FooBot\ndisallow: /x/\n", "FooBot", "http://foo.bar/x/y", false, 2},
	{"ID_AllowDisallow_Value_CaseSensitive: other case", "user-agent: FooBot\ndisallow: /X/\n", "FooBot", "http://foo.bar/x/y", true, gNoRule},

	// ID_LongestMatch.
	{"ID_LongestMatch: longer disallow", "user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/\n", "FooBot", "http://foo.bar/x/page.html", false, 2},
	{"ID_LongestMatch: longer allow", "user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n", "FooBot", "http://foo.bar/x/page.html", true, 2},
	{"ID_LongestMatch: only the shorter disallow matches", "user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n", "FooBot", "http://foo.bar/x/", false, 3},
	{"ID_LongestMatch: empty rules match nothing", "user-agent: FooBot\ndisallow: \nallow: \n", "FooBot", "http://foo.bar/x/page.html", true, gNoRule},
	{"ID_LongestMatch: allow wins a tie on /", "user-agent: FooBot\ndisallow: /\nallow: /\n", "FooBot", "http://foo.bar/x/page.html", true, 3},
	{"ID_LongestMatch: /x against /x/, path /x", "user-agent: FooBot\ndisallow: /x\nallow: /x/\n", "FooBot", "http://foo.bar/x", false, 2},
	{"ID_LongestMatch: /x against /x/, path /x/", "user-agent: FooBot\ndisallow: /x\nallow: /x/\n", "FooBot", "http://foo.bar/x/", true, 3},
	{"ID_LongestMatch: allow wins a tie", "user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/page.html\n", "FooBot", "http://foo.bar/x/page.html", true, 3},
	{"ID_LongestMatch: wildcard rule longer", "user-agent: FooBot\nallow: /page\ndisallow: /*.html\n", "FooBot", "http://foo.bar/page.html", false, 3},
	{"ID_LongestMatch: wildcard rule does not match", "user-agent: FooBot\nallow: /page\ndisallow: /*.html\n", "FooBot", "http://foo.bar/page", true, 2},
	{"ID_LongestMatch: literal rule longer", "user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n", "FooBot", "http://foo.bar/x/page.html", true, 2},
	{"ID_LongestMatch: only the wildcard rule matches", "user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n", "FooBot", "http://foo.bar/x/y.html", false, 3},
	{"ID_LongestMatch: own group, * not added", "User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n", "FooBot", "http://foo.bar/x/page", true, gNoRule},
	{"ID_LongestMatch: own group decides", "User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n", "FooBot", "http://foo.bar/y/page", false, 4},

	// ID_Encoding. Google leaves a URL's percent-encoding to the caller and
	// compares it as written: it escapes only the pattern's non-ASCII
	// octets. Here both sides are normalised (RFC 9309 §2.2.2; README, the
	// "percent-encoding" row; IsAllowed's doc), so a URL with "ツ" unescaped
	// is the same path as "%E3%83%84", and "%62%61%7A" is "baz".
	{"ID_Encoding: a URL in the query", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n", "FooBot", "http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par", true, 3},
	{"ID_Encoding: raw pattern, escaped URL", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n", "FooBot", "http://foo.bar/foo/bar/%E3%83%84", true, 3},
	{"ID_Encoding: raw pattern, raw URL (Google: refused)", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n", "FooBot", "http://foo.bar/foo/bar/ツ", true, 3},
	{"ID_Encoding: escaped pattern, escaped URL", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n", "FooBot", "http://foo.bar/foo/bar/%E3%83%84", true, 3},
	{"ID_Encoding: escaped pattern, raw URL (Google: refused)", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n", "FooBot", "http://foo.bar/foo/bar/ツ", true, 3},
	{"ID_Encoding: escaped unreserved pattern, plain URL (Google: refused)", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n", "FooBot", "http://foo.bar/foo/bar/baz", true, 3},
	{"ID_Encoding: escaped unreserved pattern, same URL", "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n", "FooBot", "http://foo.bar/foo/bar/%62%61%7A", true, 3},

	// ID_SpecialCharacters.
	{"ID_SpecialCharacters: literal disallow", "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n", "FooBot", "http://foo.bar/foo/bar/quz", false, 2},
	{"ID_SpecialCharacters: no rule, /foo/quz", "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n", "FooBot", "http://foo.bar/foo/quz", true, gNoRule},
	{"ID_SpecialCharacters: no rule, /foo//quz", "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n", "FooBot", "http://foo.bar/foo//quz", true, gNoRule},
	{"ID_SpecialCharacters: no rule, /foo/bax/quz", "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n", "FooBot", "http://foo.bar/foo/bax/quz", true, gNoRule},
	{"ID_SpecialCharacters: $ matches the end", "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n", "FooBot", "http://foo.bar/foo/bar", false, 2},
	{"ID_SpecialCharacters: $ beside a longer allow", "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n", "FooBot", "http://foo.bar/foo/bar/qux", true, 3},
	{"ID_SpecialCharacters: $ does not match /foo/bar/", "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n", "FooBot", "http://foo.bar/foo/bar/", true, gNoRule},
	{"ID_SpecialCharacters: $ does not match /foo/bar/baz", "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n", "FooBot", "http://foo.bar/foo/bar/baz", true, gNoRule},
	{"ID_SpecialCharacters: # comments, allowed", "User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n", "FooBot", "http://foo.bar/foo/bar", true, 4},
	{"ID_SpecialCharacters: # comments, disallowed", "User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n", "FooBot", "http://foo.bar/foo/quz", false, 3},

	// GoogleOnly_IndexHTMLisDirectory (README, "Where this library follows
	// Google beyond the RFC"): Explain names the Allow of the index file.
	{"GoogleOnly_IndexHTMLisDirectory: the directory", gIndexHTML, "foobot", "http://foo.com/allowed-slash/", true, 2},
	{"GoogleOnly_IndexHTMLisDirectory: index.htm", gIndexHTML, "foobot", "http://foo.com/allowed-slash/index.htm", false, 3},
	{"GoogleOnly_IndexHTMLisDirectory: index.html", gIndexHTML, "foobot", "http://foo.com/allowed-slash/index.html", true, 2},
	{"GoogleOnly_IndexHTMLisDirectory: another URL", gIndexHTML, "foobot", "http://foo.com/anyother-url", false, 3},

	// GoogleOnly_LineTooLong. Google keeps a line's first 16,663 octets, so that
	// its rules lose their "/qux" and match the "/fux" URLs. Here a line has no
	// length limit below the file's (SPEC §1; README, "a long line"), the rules
	// stay whole, and those URLs are decided as if the rules were short.
	{"GoogleOnly_LineTooLong: no rule matches", gLineTooLong1, "FooBot", "http://foo.bar/fux", true, gNoRule},
	{"GoogleOnly_LineTooLong: the disallow is not cut (Google: refused)", gLineTooLong1, "FooBot", "http://foo.bar" + gLong1 + "/fux", true, gNoRule},
	{"GoogleOnly_LineTooLong: the whole disallow matches", gLineTooLong1, "FooBot", "http://foo.bar" + gLong1 + "/qux", false, 2},
	{"GoogleOnly_LineTooLong: disallow /", gLineTooLong2, "FooBot", "http://foo.bar/", false, 2},
	{"GoogleOnly_LineTooLong: the first allow matches whole", gLineTooLong2, "FooBot", "http://foo.bar" + gLongA + "/qux", true, 3},
	{"GoogleOnly_LineTooLong: the second allow is not cut (Google: allowed)", gLineTooLong2, "FooBot", "http://foo.bar" + gLongB + "/fux", false, 2},
	{"GoogleOnly_LineTooLong: the second allow matches whole", gLineTooLong2, "FooBot", "http://foo.bar" + gLongB + "/qux", true, 4},

	// GoogleOnly_DocumentationChecks: Google's documented examples.
	{"GoogleOnly_DocumentationChecks: /fish, /bar", gFish, "FooBot", "http://foo.bar/bar", false, 2},
	{"GoogleOnly_DocumentationChecks: /fish, /fish", gFish, "FooBot", "http://foo.bar/fish", true, 3},
	{"GoogleOnly_DocumentationChecks: /fish, /fish.html", gFish, "FooBot", "http://foo.bar/fish.html", true, 3},
	{"GoogleOnly_DocumentationChecks: /fish, /fish/salmon.html", gFish, "FooBot", "http://foo.bar/fish/salmon.html", true, 3},
	{"GoogleOnly_DocumentationChecks: /fish, /fishheads", gFish, "FooBot", "http://foo.bar/fishheads", true, 3},
	{"GoogleOnly_DocumentationChecks: /fish, /fishheads/yummy.html", gFish, "FooBot", "http://foo.bar/fishheads/yummy.html", true, 3},
	{"GoogleOnly_DocumentationChecks: /fish, /fish.html?id=anything", gFish, "FooBot", "http://foo.bar/fish.html?id=anything", true, 3},
	{"GoogleOnly_DocumentationChecks: /fish, /Fish.asp", gFish, "FooBot", "http://foo.bar/Fish.asp", false, 2},
	{"GoogleOnly_DocumentationChecks: /fish, /catfish", gFish, "FooBot", "http://foo.bar/catfish", false, 2},
	{"GoogleOnly_DocumentationChecks: /fish, /?id=fish", gFish, "FooBot", "http://foo.bar/?id=fish", false, 2},

	{"GoogleOnly_DocumentationChecks: /fish*, /bar", gFishStar, "FooBot", "http://foo.bar/bar", false, 2},
	{"GoogleOnly_DocumentationChecks: /fish*, /fish", gFishStar, "FooBot", "http://foo.bar/fish", true, 3},
	{"GoogleOnly_DocumentationChecks: /fish*, /fish.html", gFishStar, "FooBot", "http://foo.bar/fish.html", true, 3},
	{"GoogleOnly_DocumentationChecks: /fish*, /fish/salmon.html", gFishStar, "FooBot", "http://foo.bar/fish/salmon.html", true, 3},
	{"GoogleOnly_DocumentationChecks: /fish*, /fishheads", gFishStar, "FooBot", "http://foo.bar/fishheads", true, 3},
	{"GoogleOnly_DocumentationChecks: /fish*, /fishheads/yummy.html", gFishStar, "FooBot", "http://foo.bar/fishheads/yummy.html", true, 3},
	{"GoogleOnly_DocumentationChecks: /fish*, /fish.html?id=anything", gFishStar, "FooBot", "http://foo.bar/fish.html?id=anything", true, 3},
	{"GoogleOnly_DocumentationChecks: /fish*, /Fish.bar", gFishStar, "FooBot", "http://foo.bar/Fish.bar", false, 2},
	{"GoogleOnly_DocumentationChecks: /fish*, /catfish", gFishStar, "FooBot", "http://foo.bar/catfish", false, 2},
	{"GoogleOnly_DocumentationChecks: /fish*, /?id=fish", gFishStar, "FooBot", "http://foo.bar/?id=fish", false, 2},

	{"GoogleOnly_DocumentationChecks: /fish/, /bar", gFishSlash, "FooBot", "http://foo.bar/bar", false, 2},
	{"GoogleOnly_DocumentationChecks: /fish/, /fish/", gFishSlash, "FooBot", "http://foo.bar/fish/", true, 3},
	{"GoogleOnly_DocumentationChecks: /fish/, /fish/salmon", gFishSlash, "FooBot", "http://foo.bar/fish/salmon", true, 3},
	{"GoogleOnly_DocumentationChecks: /fish/, /fish/?salmon", gFishSlash, "FooBot", "http://foo.bar/fish/?salmon", true, 3},
	{"GoogleOnly_DocumentationChecks: /fish/, /fish/salmon.html", gFishSlash, "FooBot", "http://foo.bar/fish/salmon.html", true, 3},
	{"GoogleOnly_DocumentationChecks: /fish/, /fish/?id=anything", gFishSlash, "FooBot", "http://foo.bar/fish/?id=anything", true, 3},
	{"GoogleOnly_DocumentationChecks: /fish/, /fish", gFishSlash, "FooBot", "http://foo.bar/fish", false, 2},
	{"GoogleOnly_DocumentationChecks: /fish/, /fish.html", gFishSlash, "FooBot", "http://foo.bar/fish.html", false, 2},
	{"GoogleOnly_DocumentationChecks: /fish/, /Fish/Salmon.html", gFishSlash, "FooBot", "http://foo.bar/Fish/Salmon.html", false, 2},

	{"GoogleOnly_DocumentationChecks: /*.php, /bar", gPHP, "FooBot", "http://foo.bar/bar", false, 2},
	{"GoogleOnly_DocumentationChecks: /*.php, /filename.php", gPHP, "FooBot", "http://foo.bar/filename.php", true, 3},
	{"GoogleOnly_DocumentationChecks: /*.php, /folder/filename.php", gPHP, "FooBot", "http://foo.bar/folder/filename.php", true, 3},
	{"GoogleOnly_DocumentationChecks: /*.php, /folder/filename.php?parameters", gPHP, "FooBot", "http://foo.bar/folder/filename.php?parameters", true, 3},
	{"GoogleOnly_DocumentationChecks: /*.php, //folder/any.php.file.html", gPHP, "FooBot", "http://foo.bar//folder/any.php.file.html", true, 3},
	{"GoogleOnly_DocumentationChecks: /*.php, /filename.php/", gPHP, "FooBot", "http://foo.bar/filename.php/", true, 3},
	{"GoogleOnly_DocumentationChecks: /*.php, /index?f=filename.php/", gPHP, "FooBot", "http://foo.bar/index?f=filename.php/", true, 3},
	{"GoogleOnly_DocumentationChecks: /*.php, /php/", gPHP, "FooBot", "http://foo.bar/php/", false, 2},
	{"GoogleOnly_DocumentationChecks: /*.php, /index?php", gPHP, "FooBot", "http://foo.bar/index?php", false, 2},
	{"GoogleOnly_DocumentationChecks: /*.php, /windows.PHP", gPHP, "FooBot", "http://foo.bar/windows.PHP", false, 2},

	{"GoogleOnly_DocumentationChecks: /*.php$, /bar", gPHPEnd, "FooBot", "http://foo.bar/bar", false, 2},
	{"GoogleOnly_DocumentationChecks: /*.php$, /filename.php", gPHPEnd, "FooBot", "http://foo.bar/filename.php", true, 3},
	{"GoogleOnly_DocumentationChecks: /*.php$, /folder/filename.php", gPHPEnd, "FooBot", "http://foo.bar/folder/filename.php", true, 3},
	{"GoogleOnly_DocumentationChecks: /*.php$, /filename.php?parameters", gPHPEnd, "FooBot", "http://foo.bar/filename.php?parameters", false, 2},
	{"GoogleOnly_DocumentationChecks: /*.php$, /filename.php/", gPHPEnd, "FooBot", "http://foo.bar/filename.php/", false, 2},
	{"GoogleOnly_DocumentationChecks: /*.php$, /filename.php5", gPHPEnd, "FooBot", "http://foo.bar/filename.php5", false, 2},
	{"GoogleOnly_DocumentationChecks: /*.php$, /php/", gPHPEnd, "FooBot", "http://foo.bar/php/", false, 2},
	{"GoogleOnly_DocumentationChecks: /*.php$, /filename?php", gPHPEnd, "FooBot", "http://foo.bar/filename?php", false, 2},
	{"GoogleOnly_DocumentationChecks: /*.php$, /aaaphpaaa", gPHPEnd, "FooBot", "http://foo.bar/aaaphpaaa", false, 2},
	{"GoogleOnly_DocumentationChecks: /*.php$, //windows.PHP", gPHPEnd, "FooBot", "http://foo.bar//windows.PHP", false, 2},

	{"GoogleOnly_DocumentationChecks: /fish*.php, /bar", gFishPHP, "FooBot", "http://foo.bar/bar", false, 2},
	{"GoogleOnly_DocumentationChecks: /fish*.php, /fish.php", gFishPHP, "FooBot", "http://foo.bar/fish.php", true, 3},
	{"GoogleOnly_DocumentationChecks: /fish*.php, /fishheads/catfish.php?parameters", gFishPHP, "FooBot", "http://foo.bar/fishheads/catfish.php?parameters", true, 3},
	{"GoogleOnly_DocumentationChecks: /fish*.php, /Fish.PHP", gFishPHP, "FooBot", "http://foo.bar/Fish.PHP", false, 2},

	{"GoogleOnly_DocumentationChecks: precedence, /p beats /", "user-agent: FooBot\nallow: /p\ndisallow: /\n", "FooBot", "http://example.com/page", true, 2},
	{"GoogleOnly_DocumentationChecks: precedence, allow wins a tie", "user-agent: FooBot\nallow: /folder\ndisallow: /folder\n", "FooBot", "http://example.com/folder/page", true, 2},
	{"GoogleOnly_DocumentationChecks: precedence, /*.htm beats /page", "user-agent: FooBot\nallow: /page\ndisallow: /*.htm\n", "FooBot", "http://example.com/page.htm", false, 3},
	{"GoogleOnly_DocumentationChecks: precedence, /$ on /", "user-agent: FooBot\nallow: /$\ndisallow: /\n", "FooBot", "http://example.com/", true, 2},
	{"GoogleOnly_DocumentationChecks: precedence, /$ not on /page.html", "user-agent: FooBot\nallow: /$\ndisallow: /\n", "FooBot", "http://example.com/page.html", false, 3},

	// ID_LinesNumbersAreCountedCorrectly: every kind of line end counts
	// lines alike (RFC 9309 §2.2; SPEC §1). See also TestGoogleParse.
	{"ID_LinesNumbersAreCountedCorrectly: LF, foo", gLinesUnix, "foo", "http://foo.bar/some/path", true, 2},
	{"ID_LinesNumbersAreCountedCorrectly: LF, bar", gLinesUnix, "bar", "http://foo.bar/some/path", false, 6},
	{"ID_LinesNumbersAreCountedCorrectly: CRLF, foo", gLinesDOS, "foo", "http://foo.bar/some/path", true, 2},
	{"ID_LinesNumbersAreCountedCorrectly: CRLF, bar", gLinesDOS, "bar", "http://foo.bar/some/path", false, 6},
	{"ID_LinesNumbersAreCountedCorrectly: CR, foo", gLinesMac, "foo", "http://foo.bar/some/path", true, 2},
	{"ID_LinesNumbersAreCountedCorrectly: CR, bar", gLinesMac, "bar", "http://foo.bar/some/path", false, 6},
	{"ID_LinesNumbersAreCountedCorrectly: no final line end, foo", gLinesNoFinal, "foo", "http://foo.bar/some/path", true, 2},
	{"ID_LinesNumbersAreCountedCorrectly: no final line end, bar", gLinesNoFinal, "bar", "http://foo.bar/some/path", false, 6},
	{"ID_LinesNumbersAreCountedCorrectly: mixed, foo", gLinesMixed, "foo", "http://foo.bar/some/path", true, 2},
	{"ID_LinesNumbersAreCountedCorrectly: mixed, bar", gLinesMixed, "bar", "http://foo.bar/some/path", false, 6},

	// ID_UTF8ByteOrderMarkIsSkipped: a byte order mark, whole or cut short,
	// is skipped at the start; anywhere else it spoils its line. See also
	// TestGoogleParse.
	{"ID_UTF8ByteOrderMarkIsSkipped: whole", gBOMFull, "foo", "http://foo.bar/AnyValue", true, 2},
	{"ID_UTF8ByteOrderMarkIsSkipped: two octets", gBOMPart2, "foo", "http://foo.bar/AnyValue", true, 2},
	{"ID_UTF8ByteOrderMarkIsSkipped: one octet", gBOMPart1, "foo", "http://foo.bar/AnyValue", true, 2},
	{"ID_UTF8ByteOrderMarkIsSkipped: broken, so no group", gBOMBroken, "foo", "http://foo.bar/AnyValue", true, gNoRule},
	{"ID_UTF8ByteOrderMarkIsSkipped: inside the file, so no rule", gBOMInsider, "foo", "http://foo.bar/AnyValue", true, gNoRule},

	// TestGetPathParamsQuery tests Google's helper that takes the path and
	// query from a URL. Ported as which path IsAllowed matches: gOnlyPath(p)
	// allows exactly p. Google reads a URL without a scheme, and even "", as
	// a host and a path; IsAllowed refuses what is neither an absolute URL
	// nor "/"-rooted (IsAllowed's doc; README, "Matching in one sentence"),
	// and reads "//a/b/c" as a path, not a URL without its scheme (same).
	{"TestGetPathParamsQuery: empty URL (Google: path /)", gOnlyPath("/"), "FooBot", "", false, gInvalid},
	{"TestGetPathParamsQuery: no path", gOnlyPath("/"), "FooBot", "http://www.example.com", true, 3},
	{"TestGetPathParamsQuery: path /", gOnlyPath("/"), "FooBot", "http://www.example.com/", true, 3},
	{"TestGetPathParamsQuery: path /a", gOnlyPath("/a"), "FooBot", "http://www.example.com/a", true, 3},
	{"TestGetPathParamsQuery: path /a/", gOnlyPath("/a/"), "FooBot", "http://www.example.com/a/", true, 3},
	{"TestGetPathParamsQuery: a URL in the query", gOnlyPath("/a/b?c=http://d.e/"), "FooBot", "http://www.example.com/a/b?c=http://d.e/", true, 3},
	{"TestGetPathParamsQuery: fragment dropped", gOnlyPath("/a/b?c=d&e=f"), "FooBot", "http://www.example.com/a/b?c=d&e=f#fragment", true, 3},
	{"TestGetPathParamsQuery: host alone (Google: path /)", gOnlyPath("/"), "FooBot", "example.com", false, gInvalid},
	{"TestGetPathParamsQuery: host and / (Google: path /)", gOnlyPath("/"), "FooBot", "example.com/", false, gInvalid},
	{"TestGetPathParamsQuery: host and /a (Google: path /a)", gOnlyPath("/a"), "FooBot", "example.com/a", false, gInvalid},
	{"TestGetPathParamsQuery: host and /a/ (Google: path /a/)", gOnlyPath("/a/"), "FooBot", "example.com/a/", false, gInvalid},
	{"TestGetPathParamsQuery: host, query and fragment (Google: path /a/b?c=d&e=f)", gOnlyPath("/a/b?c=d&e=f"), "FooBot", "example.com/a/b?c=d&e=f#fragment", false, gInvalid},
	{"TestGetPathParamsQuery: a word (Google: path /)", gOnlyPath("/"), "FooBot", "a", false, gInvalid},
	{"TestGetPathParamsQuery: a word and / (Google: path /)", gOnlyPath("/"), "FooBot", "a/", false, gInvalid},
	{"TestGetPathParamsQuery: a rooted path", gOnlyPath("/a"), "FooBot", "/a", true, 3},
	{"TestGetPathParamsQuery: a relative path (Google: path /b)", gOnlyPath("/b"), "FooBot", "a/b", false, gInvalid},
	{"TestGetPathParamsQuery: host and query (Google: path /?a)", gOnlyPath("/?a"), "FooBot", "example.com?a", false, gInvalid},
	{"TestGetPathParamsQuery: host, params, fragment (Google: path /a;b)", gOnlyPath("/a;b"), "FooBot", "example.com/a;b#c", false, gInvalid},
	{"TestGetPathParamsQuery: //a/b/c is a path (Google: host a, path /b/c)", gOnlyPath("/b/c"), "FooBot", "//a/b/c", false, 2},
	{"TestGetPathParamsQuery: //a/b/c matched whole", gOnlyPath("//a/b/c"), "FooBot", "//a/b/c", true, 3},

	// TestMaybeEscapePattern tests Google's escaping of patterns, ported as
	// what a pattern matches. Google escapes the pattern only and compares
	// the URL as written; here both sides are normalised (README, the
	// "percent-encoding" row; IsAllowed's doc), so a raw or lower-case URL
	// matches too.
	{"TestMaybeEscapePattern: a pattern that is a URL matches nothing", "User-agent: FooBot\nDisallow: http://www.example.com\n", "FooBot", "http://www.example.com/", true, gNoRule},
	{"TestMaybeEscapePattern: /a/b/c kept", "User-agent: FooBot\nDisallow: /a/b/c\n", "FooBot", "http://foo.bar/a/b/c", false, 2},
	{"TestMaybeEscapePattern: á escaped", "User-agent: FooBot\nDisallow: /á\n", "FooBot", "http://foo.bar/%C3%A1", false, 2},
	{"TestMaybeEscapePattern: á, raw URL (Google: allowed)", "User-agent: FooBot\nDisallow: /á\n", "FooBot", "http://foo.bar/á", false, 2},
	{"TestMaybeEscapePattern: á, lower-case escape in the URL (Google: allowed)", "User-agent: FooBot\nDisallow: /á\n", "FooBot", "http://foo.bar/%c3%a1", false, 2},
	{"TestMaybeEscapePattern: %aa is %AA", "User-agent: FooBot\nDisallow: /%aa\n", "FooBot", "http://foo.bar/%AA", false, 2},
	{"TestMaybeEscapePattern: %aa, same URL (Google: allowed)", "User-agent: FooBot\nDisallow: /%aa\n", "FooBot", "http://foo.bar/%aa", false, 2},

	// reporting_robots_test.cc, LinesNumbersAreCountedCorrectly: the line of
	// each rule, through Explain. Line 3 lacks its colon, line 11 is
	// Google's "useragent", line 12 its "disallaw". See also TestGoogleParse.
	{"LinesNumbersAreCountedCorrectly: foo's allow", gReportSimple, "foo", "http://foo.bar/some/path", true, 2},
	{"LinesNumbersAreCountedCorrectly: bar's disallow", gReportSimple, "bar", "http://foo.bar/some/path", false, 9},
	{"LinesNumbersAreCountedCorrectly: baz's disallaw", gReportSimple, "baz", "http://foo.bar/some", false, 12},
	{"LinesNumbersAreCountedCorrectly: baz elsewhere", gReportSimple, "baz", "http://foo.bar/other", true, gNoRule},
	{"LinesNumbersAreCountedCorrectly: CRLF, foo", gReportDOS, "foo", "http://foo.bar/some/path", true, 2},
	{"LinesNumbersAreCountedCorrectly: CRLF, bar", gReportDOS, "bar", "http://foo.bar/some/path", false, 6},
	{"LinesNumbersAreCountedCorrectly: CR, foo", gReportMac, "foo", "http://foo.bar/some/path", true, 2},
	{"LinesNumbersAreCountedCorrectly: CR, bar", gReportMac, "bar", "http://foo.bar/some/path", false, 6},

	// reporting_robots_test.cc, LinesTooLongReportedCorrectly: Google flags
	// line 2 as too long and cuts it; here it is a rule like any other (SPEC
	// §1; README, "a long line").
	{"LinesTooLongReportedCorrectly: the long disallow", gReportLongTooLong, "foo", "http://foo.bar" + gReportLong, false, 2},
	{"LinesTooLongReportedCorrectly: the allow after it", gReportLongTooLong, "foo", "http://foo.bar/x/a", true, 3},
}

// googleTests are the names of the Google tests ported here.
var googleTests = []string{
	"GoogleOnly_SystemTest", "ID_LineSyntax_Line", "ID_LineSyntax_Groups",
	"ID_LineSyntax_Groups_OtherRules", "ID_REPLineNamesCaseInsensitive",
	"ID_VerifyValidUserAgentsToObey", "ID_UserAgentValueCaseInsensitive",
	"GoogleOnly_AcceptUserAgentUpToFirstSpace", "ID_GlobalGroups_Secondary",
	"ID_AllowDisallow_Value_CaseSensitive", "ID_LongestMatch", "ID_Encoding",
	"ID_SpecialCharacters", "GoogleOnly_IndexHTMLisDirectory",
	"GoogleOnly_LineTooLong", "GoogleOnly_DocumentationChecks",
	"ID_LinesNumbersAreCountedCorrectly", "ID_UTF8ByteOrderMarkIsSkipped",
	"ID_NonStandardLineExample_Sitemap", "TestGetPathParamsQuery",
	"TestMaybeEscapePattern",
	// reporting_robots_test.cc
	"LinesNumbersAreCountedCorrectly", "LinesTooLongReportedCorrectly",
}

// checkGoogleName reports a case name that repeats another or does not
// start with the name of a Google test.
func checkGoogleName(t *testing.T, seen map[string]bool, name string) {
	t.Helper()
	if seen[name] {
		t.Errorf("%s: name used twice", name)
	}
	seen[name] = true
	test, _, _ := strings.Cut(name, ":")
	if !slices.Contains(googleTests, test) {
		t.Errorf("%s: does not start with a Google test's name", name)
	}
}

func TestGoogleReference(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range googleCases {
		checkGoogleName(t, seen, c.name)
		r := Parse([]byte(c.body))
		if got := r.IsAllowed(c.agent, c.url); got != c.allowed {
			t.Errorf("%s: IsAllowed(%q, %.60q) = %v, want %v", c.name, c.agent, c.url, got, c.allowed)
		}
		if got := r.Agent(c.agent).IsAllowed(c.url); got != c.allowed {
			t.Errorf("%s: Agent(%q).IsAllowed(%.60q) = %v, want %v", c.name, c.agent, c.url, got, c.allowed)
		}
		d := r.Explain(c.agent, c.url)
		if d.Allowed != c.allowed {
			t.Errorf("%s: Explain(%q, %.60q).Allowed = %v, want %v", c.name, c.agent, c.url, d.Allowed, c.allowed)
		}
		switch {
		case c.line > 0 && (d.Reason != ReasonRule || d.Line != c.line):
			t.Errorf("%s: Explain gives %v (line %d), want the rule of line %d", c.name, d.Reason, d.Line, c.line)
		case c.line == gNoRule && d.Reason != ReasonNoMatch:
			t.Errorf("%s: Explain gives %v (line %d), want %v", c.name, d.Reason, d.Line, ReasonNoMatch)
		case c.line == gInvalid && d.Reason != ReasonInvalidURL:
			t.Errorf("%s: Explain gives %v (line %d), want %v", c.name, d.Reason, d.Line, ReasonInvalidURL)
		}
	}
}

// A googleParse is a Google test of its parser's callbacks, ported as what
// Parse keeps of the document.
type googleParse struct {
	name       string
	body       string
	agents     [][]string // each group's UserAgents, as written
	lines      [][]int    // each group's RuleLines
	sitemaps   []string
	records    []Record
	directives int // user-agent values, rules and sitemaps kept: Google's count of valid directives, unless a comment says otherwise
}

var googleParses = []googleParse{
	// ID_LinesNumbersAreCountedCorrectly.
	{"ID_LinesNumbersAreCountedCorrectly: LF", gLinesUnix, [][]string{{"foo"}, {"bar"}}, [][]int{{2}, {6}}, nil, nil, 4},
	{"ID_LinesNumbersAreCountedCorrectly: CRLF", gLinesDOS, [][]string{{"foo"}, {"bar"}}, [][]int{{2}, {6}}, nil, nil, 4},
	{"ID_LinesNumbersAreCountedCorrectly: CR", gLinesMac, [][]string{{"foo"}, {"bar"}}, [][]int{{2}, {6}}, nil, nil, 4},
	{"ID_LinesNumbersAreCountedCorrectly: no final line end", gLinesNoFinal, [][]string{{"foo"}, {"bar"}}, [][]int{{2}, {6}}, nil, nil, 4},
	{"ID_LinesNumbersAreCountedCorrectly: mixed", gLinesMixed, [][]string{{"foo"}, {"bar"}}, [][]int{{2}, {6}}, nil, nil, 4},

	// ID_UTF8ByteOrderMarkIsSkipped: Google counts 2 valid directives and
	// no unknown one for the first three.
	{"ID_UTF8ByteOrderMarkIsSkipped: whole", gBOMFull, [][]string{{"foo"}}, [][]int{{2}}, nil, nil, 2},
	{"ID_UTF8ByteOrderMarkIsSkipped: two octets", gBOMPart2, [][]string{{"foo"}}, [][]int{{2}}, nil, nil, 2},
	{"ID_UTF8ByteOrderMarkIsSkipped: one octet", gBOMPart1, [][]string{{"foo"}}, [][]int{{2}}, nil, nil, 2},
	// Google: 1 valid directive, the Allow, which its matcher then ignores as
	// it is in no group; here it is dropped (SPEC §1, "Rules before the
	// first user-agent are dropped"; Record's doc). Google: 1 unknown
	// directive, the first line; here a line whose key is not a token is no
	// record at all (Record's doc).
	{"ID_UTF8ByteOrderMarkIsSkipped: broken", gBOMBroken, nil, nil, nil, nil, 0},
	// Google: 1 valid directive and 1 unknown one (the second line); here
	// the second line's key is not a token, so it is no Record (Record's
	// doc; SPEC §1: elsewhere than the start, a byte order mark is octets).
	{"ID_UTF8ByteOrderMarkIsSkipped: inside the file", gBOMInsider, [][]string{{"foo"}}, [][]int{{}}, nil, nil, 1},

	// ID_NonStandardLineExample_Sitemap: a Sitemap line anywhere.
	{"ID_NonStandardLineExample_Sitemap: last", "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nSitemap: http://foo.bar/sitemap.xml\n",
		[][]string{{"foo"}, {"bar"}}, [][]int{{2}, {}}, []string{"http://foo.bar/sitemap.xml"}, nil, 4},
	{"ID_NonStandardLineExample_Sitemap: first", "Sitemap: http://foo.bar/sitemap.xml\nUser-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\n",
		[][]string{{"foo"}, {"bar"}}, [][]int{{3}, {}}, []string{"http://foo.bar/sitemap.xml"}, nil, 4},

	// reporting_robots_test.cc, LinesNumbersAreCountedCorrectly. Google
	// counts 8 valid directives: its misspelling "site-map" (line 13) is a
	// Sitemap there, and a Record here (README, the row of misspellings;
	// Parse's doc). It reads "noarchive" as a known but unused key; both
	// are Records here, as is "unicorns". Lines 4 and 10 are not records.
	{"LinesNumbersAreCountedCorrectly: lines of every kind", gReportSimple,
		[][]string{{"foo"}, {"bar"}, {"baz"}}, [][]int{{2}, {9}, {12}}, []string{"https://e/t.xml"},
		[]Record{{"unicorns", "/extinct"}, {"noarchive", "/some"}, {"site-map", "https://e/s.xml"}, {"noarchive", "/someCapital"}}, 7},
	{"LinesNumbersAreCountedCorrectly: CRLF", gReportDOS, [][]string{{"foo"}, {"bar"}}, [][]int{{2}, {6}}, nil, nil, 4},
	{"LinesNumbersAreCountedCorrectly: CR", gReportMac, [][]string{{"foo"}, {"bar"}}, [][]int{{2}, {6}}, nil, nil, 4},

	// reporting_robots_test.cc, LinesTooLongReportedCorrectly: 3 valid
	// directives, as Google counts.
	{"LinesTooLongReportedCorrectly: three lines", gReportLongTooLong, [][]string{{"foo"}}, [][]int{{2, 3}}, nil, nil, 3},
}

func TestGoogleParse(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range googleParses {
		checkGoogleName(t, seen, c.name)
		r := Parse([]byte(c.body))
		var agents [][]string
		var lines [][]int
		n := len(r.Sitemaps)
		for i, g := range r.Groups {
			agents = append(agents, g.UserAgents)
			lines = append(lines, r.RuleLines(i))
			n += len(g.UserAgents) + len(g.Rules)
		}
		if !slices.EqualFunc(agents, c.agents, slices.Equal) {
			t.Errorf("%s: groups' user agents %q, want %q", c.name, agents, c.agents)
		}
		if !slices.EqualFunc(lines, c.lines, slices.Equal) {
			t.Errorf("%s: groups' rule lines %v, want %v", c.name, lines, c.lines)
		}
		if !slices.Equal(r.Sitemaps, c.sitemaps) {
			t.Errorf("%s: Sitemaps %q, want %q", c.name, r.Sitemaps, c.sitemaps)
		}
		if !slices.Equal(r.Records, c.records) {
			t.Errorf("%s: Records %q, want %q", c.name, r.Records, c.records)
		}
		if n != c.directives {
			t.Errorf("%s: %d user agents, rules and sitemaps, want %d", c.name, n, c.directives)
		}
	}
}

// TestGoogleProductTokens ports ID_VerifyValidUserAgentsToObey, which asks
// whether a string is a whole product token ([a-zA-Z_-]+), and the agents
// other Google tests pass. ProductToken takes the leading run of those
// characters instead, lower-cased (RFC 9309 §2.2.1; ProductToken's doc), so
// that a full User-Agent can be passed: where Google says "not valid", the
// token is what IsAllowed matches by.
func TestGoogleProductTokens(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range []struct {
		name, agent, token string
	}{
		{"ID_VerifyValidUserAgentsToObey: Foobot (Google: valid)", "Foobot", "foobot"},
		{"ID_VerifyValidUserAgentsToObey: Foobot-Bar (Google: valid)", "Foobot-Bar", "foobot-bar"},
		{"ID_VerifyValidUserAgentsToObey: Foo_Bar (Google: valid)", "Foo_Bar", "foo_bar"},
		{"ID_VerifyValidUserAgentsToObey: empty (Google: not valid)", "", ""},
		{"ID_VerifyValidUserAgentsToObey: non-ASCII (Google: not valid)", "ツ", ""},
		{"ID_VerifyValidUserAgentsToObey: Foobot* (Google: not valid)", "Foobot*", "foobot"},
		{"ID_VerifyValidUserAgentsToObey: spaces around (Google: not valid)", " Foobot ", ""},
		{"ID_VerifyValidUserAgentsToObey: Foobot/2.1 (Google: not valid)", "Foobot/2.1", "foobot"},
		{"ID_VerifyValidUserAgentsToObey: Foobot Bar (Google: not valid)", "Foobot Bar", "foobot"},
		{"GoogleOnly_AcceptUserAgentUpToFirstSpace: Foo Bar (Google: not valid)", "Foo Bar", "foo"},
		{"ID_LineSyntax_Line: FooBot", "FooBot", "foobot"},
	} {
		checkGoogleName(t, seen, c.name)
		if got := ProductToken(c.agent); got != c.token {
			t.Errorf("%s: ProductToken(%q) = %q, want %q", c.name, c.agent, got, c.token)
		}
	}
}
