package export

import (
	"errors"
	"net/http"
	"strings"
	"testing"
)

// TestEndpointErrorsQuoteNoSecret: a header or an endpoint URL often
// carries a credential; the errors about them never quote it.
func TestEndpointErrorsQuoteNoSecret(t *testing.T) {
	const secret = "sk-0123456789abcdefSECRET"
	none := func(string) string { return "" }
	for _, tc := range []struct {
		name     string
		endpoint string
		headers  []string
	}{
		{"header without =", "http://localhost:4318", []string{"Authorization: Bearer " + secret}},
		{"URL not http", "ftp://user:" + secret + "@host/", nil},
	} {
		_, err := ResolveEndpoint(tc.endpoint, "", tc.headers, none)
		if err == nil {
			t.Fatalf("%s: no error", tc.name)
		}
		if strings.Contains(err.Error(), secret) {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	for _, raw := range []string{"https://user:" + secret + "@host:4318/v1/traces", "https://host/v1/traces?api_key=" + secret + "#" + secret} {
		if got := shownURL(raw); strings.Contains(got, secret) || !strings.Contains(got, "host") {
			t.Errorf("shownURL(%q) = %q", raw, got)
		}
	}
	// A failed send names the endpoint without its query.
	e, err := ResolveEndpoint("http://127.0.0.1:1/?token="+secret, "", nil, none)
	if err != nil {
		t.Fatal(err)
	}
	e.Client, e.Retries = &http.Client{}, 0
	_, err = (&sender{e: e}).post(nil, "application/x-protobuf")
	var refused *RefusedError
	if err == nil || errors.As(err, &refused) || strings.Contains(err.Error(), secret) {
		t.Errorf("send error %v", err)
	}
}
