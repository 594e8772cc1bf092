package redact

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// TestKeywordLedTurnsDense: a keyword-led rule is tried at each keyword
// until its regex has run at keywords closer than every 64 bytes, then in
// the merged windows of the keywords left. Either way, and with windows
// at every keyword, it must find what the regex finds over the whole
// text, wherever a dense stretch falls among real secrets: in order, none
// twice, and none made up where a window's end stood for the end of the
// text (the regex ends in "|$", and the dense stretch is a run it could
// take for a key).
func TestKeywordLedTurnsDense(t *testing.T) {
	var m *regexMatcher
	for _, r := range defaults(t).rules {
		if r.id == "generic-api-key" {
			m = r.matcher
		}
	}
	if m == nil {
		t.Fatal("no generic-api-key rule")
	}
	m.init()
	if m.led == nil {
		t.Fatal("generic-api-key is not keyword-led")
	}
	secret := "api_key = 'Zx81kQ0pL3mN7vB2cR5t' "
	dense := strings.Repeat("tokentoken=", 300)
	prose := strings.Repeat("the key to this is in the docs. ", 20)
	for _, text := range []string{
		secret + dense,
		dense + secret,
		secret + dense + secret + prose + secret + dense + secret,
		prose + secret + prose + dense + prose + secret,
		strings.Repeat(secret, 200),
		strings.Repeat(secret+prose, 10),
	} {
		b := []byte(text)
		var whole [][2]int
		for _, x := range m.re.FindAllIndex(b, -1) {
			whole = append(whole, [2]int{x[0], x[1]})
		}
		if len(whole) < strings.Count(text, secret) {
			t.Fatalf("%.60q...: the regex finds %v, not every secret", text, whole)
		}
		near := keywordSpans(b, m.keywords)
		var led, windows [][2]int
		m.led.find(m, b, slices.Clone(near), func(s, e int) { led = append(led, [2]int{s, e}) })
		matchesNear(m, b, near, 0, func(s, e int) { windows = append(windows, [2]int{s, e}) })
		if !slices.Equal(led, whole) {
			t.Errorf("%.60q...: keyword-led finds %v, the regex over the whole text %v", text, led, whole)
		}
		if !slices.Equal(windows, whole) {
			t.Errorf("%.60q...: windows at every keyword find %v, the regex over the whole text %v", text, windows, whole)
		}
	}
}

// keywordSpans returns where each of keywords occurs in t, in order (in
// any case: the test's keywords are folded).
func keywordSpans(t []byte, keywords []kwSpec) []span {
	low := bytes.ToLower(t)
	var near []span
	for i := range low {
		for _, kw := range keywords {
			if bytes.HasPrefix(low[i:], []byte(kw.text)) {
				near = append(near, span{i, i + len(kw.text)})
				break
			}
		}
	}
	return near
}
