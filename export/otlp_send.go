package export

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"go.opentelemetry.io/collector/pdata/ptrace"

	"github.com/zsj-dev/zsj/internal/english"
)

// The OTLP/HTTP encodings, named as OTEL_EXPORTER_OTLP_PROTOCOL names
// them.
const (
	ProtocolProtobuf = "http/protobuf"
	ProtocolJSON     = "http/json"
)

// Protocols are the values of --protocol.
var Protocols = []string{ProtocolProtobuf, ProtocolJSON}

// Endpoint is where and how traces are sent over OTLP/HTTP.
type Endpoint struct {
	URL      string            // the traces URL, .../v1/traces
	Protocol string            // ProtocolProtobuf or ProtocolJSON
	Headers  map[string]string // sent with each request (authentication)
	Client   *http.Client      // nil: a client with a 30 s timeout
	// Retries is how many times a batch refused with 429 or 503 (or 502,
	// 504, or a failed connection) is sent again, waiting Backoff, then
	// twice as long each time (or what Retry-After says), up to 30 s.
	Retries int
	Backoff time.Duration
}

// The environment variables of the OpenTelemetry exporters that zsj reads.
const (
	EnvEndpoint       = "OTEL_EXPORTER_OTLP_ENDPOINT"
	EnvTracesEndpoint = "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"
	EnvProtocol       = "OTEL_EXPORTER_OTLP_PROTOCOL"
	EnvHeaders        = "OTEL_EXPORTER_OTLP_HEADERS"
)

// ResolveEndpoint makes the Endpoint from the flags, each of which wins
// over its environment variable (getenv reads them): endpoint is a base
// URL to which /v1/traces is added, as for OTEL_EXPORTER_OTLP_ENDPOINT,
// unless it already ends with it; OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is
// taken as is. headers are "key=value" (the value URL-encoded, as in
// OTEL_EXPORTER_OTLP_HEADERS, whose pairs are comma-separated).
func ResolveEndpoint(endpoint, protocol string, headers []string, getenv func(string) string) (Endpoint, error) {
	e := Endpoint{Retries: 5, Backoff: 500 * time.Millisecond, Headers: make(map[string]string)}
	switch {
	case endpoint != "":
		e.URL = tracesURL(endpoint)
	case getenv(EnvTracesEndpoint) != "":
		e.URL = getenv(EnvTracesEndpoint)
	case getenv(EnvEndpoint) != "":
		e.URL = tracesURL(getenv(EnvEndpoint))
	default:
		return e, fmt.Errorf("no endpoint: give --endpoint URL or set %s (such as http://localhost:4318)", EnvEndpoint)
	}
	u, err := url.Parse(e.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return e, fmt.Errorf("endpoint %q is not an http or https URL", shownURL(e.URL))
	}
	if protocol == "" {
		protocol = getenv(EnvProtocol)
	}
	if protocol == "" {
		protocol = ProtocolProtobuf
	}
	if e.Protocol, err = english.Choose("--protocol", protocol, Protocols); err != nil {
		return e, err
	}
	var pairs []string
	if env := getenv(EnvHeaders); env != "" {
		pairs = strings.Split(env, ",")
	}
	pairs = append(pairs, headers...) // the flags come last: they win
	for i, p := range pairs {
		k, v, ok := strings.Cut(p, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			// Not quoted: a header is often a credential
			// ("Authorization: Bearer ...", with : for =).
			return e, fmt.Errorf("header %d of %d is not key=value", i+1, len(pairs))
		}
		if dv, err := url.PathUnescape(strings.TrimSpace(v)); err == nil { // "+" stays: base64 has it
			v = dv
		}
		e.Headers[k] = strings.TrimSpace(v)
	}
	return e, nil
}

func tracesURL(base string) string {
	if strings.HasSuffix(base, "/v1/traces") {
		return base
	}
	return strings.TrimSuffix(base, "/") + "/v1/traces"
}

// sender posts batches to an endpoint.
type sender struct {
	e Endpoint
	// warn reports the spans of a batch the endpoint took in part only
	// (OTLP's partial success), with its reason.
	warn func(rejected int64, reason string)
}

func newSender(e Endpoint, warn func(int64, string)) *sender {
	if e.Client == nil {
		e.Client = &http.Client{Timeout: 30 * time.Second}
	}
	return &sender{e: e, warn: warn}
}

// maxBackoff bounds the wait between two tries.
const maxBackoff = 30 * time.Second

// RefusedError is an endpoint's refusal of a batch that retrying cannot
// help: authentication (401, 403), a malformed request (400), a wrong
// URL (404).
type RefusedError struct {
	URL    string
	Status string
	Body   string // the start of the response, which says why
}

func (e *RefusedError) Error() string {
	msg := fmt.Sprintf("%s refused the traces: %s", shownURL(e.URL), e.Status)
	if e.Body != "" {
		msg += ": " + e.Body
	}
	switch {
	case strings.HasPrefix(e.Status, "401"), strings.HasPrefix(e.Status, "403"):
		msg += " (check the authentication headers: --header or " + EnvHeaders + ")"
	case strings.HasPrefix(e.Status, "404"):
		msg += " (is it an OTLP/HTTP endpoint? the traces go to .../v1/traces)"
	}
	return msg
}

func (s *sender) send(td ptrace.Traces) error {
	// A TracesData and an ExportTraceServiceRequest are one message on
	// the wire, in protobuf and in JSON alike (field 1, resource_spans,
	// and nothing else), so pdata's marshalers of traces make the
	// request without its grpc-based otlp package.
	var body []byte
	var err error
	contentType := "application/x-protobuf"
	if s.e.Protocol == ProtocolJSON {
		body, err = (&ptrace.JSONMarshaler{}).MarshalTraces(td)
		contentType = "application/json"
	} else {
		body, err = (&ptrace.ProtoMarshaler{}).MarshalTraces(td)
	}
	if err != nil {
		return err
	}
	wait := s.e.Backoff
	for try := 0; ; try++ {
		retryAfter, err := s.post(body, contentType)
		if err == nil {
			return nil
		}
		var refused *RefusedError
		if errors.As(err, &refused) || try >= s.e.Retries {
			return err
		}
		if retryAfter > 0 {
			wait = retryAfter
		}
		time.Sleep(min(wait, maxBackoff))
		wait *= 2
	}
}

// post sends one request. A refusal worth retrying returns its error
// and how long the endpoint asked to wait (0: not said).
func (s *sender) post(body []byte, contentType string) (retryAfter time.Duration, err error) {
	req, err := http.NewRequest(http.MethodPost, s.e.URL, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("User-Agent", "zsj")
	for k, v := range s.e.Headers {
		req.Header.Set(k, v)
	}
	resp, err := s.e.Client.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // its text quotes the URL, query and all
		}
		return 0, fmt.Errorf("send traces to %s: %w", shownURL(s.e.URL), err)
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	start := answer[:min(len(answer), 512)]
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		s.partial(answer, contentType)
		return 0, nil
	case resp.StatusCode == http.StatusTooManyRequests, resp.StatusCode == http.StatusBadGateway,
		resp.StatusCode == http.StatusServiceUnavailable, resp.StatusCode == http.StatusGatewayTimeout:
		secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
		return time.Duration(secs) * time.Second, fmt.Errorf("%s: %s (tried %d times)", shownURL(s.e.URL), resp.Status, s.e.Retries+1)
	}
	return 0, &RefusedError{URL: s.e.URL, Status: resp.Status, Body: printable(start)}
}

// partial reports the spans an accepted batch's response says were
// rejected; a response that cannot be read says nothing of them.
func (s *sender) partial(body []byte, contentType string) {
	if len(body) == 0 || s.warn == nil {
		return
	}
	var rejected int64
	var reason string
	if contentType == "application/json" {
		rejected, reason = partialJSON(body)
	} else {
		rejected, reason = partialProto(body)
	}
	if rejected > 0 {
		s.warn(rejected, reason)
	}
}

// printable keeps the text of a response's start on one line; a protobuf
// Status is shown by its readable bytes.
func printable(b []byte) string {
	var sb strings.Builder
	for _, r := range string(b) {
		switch {
		case r == '\n' || r == '\r' || r == '\t':
			sb.WriteByte(' ')
		case r >= ' ' && r != 0x7f && r != 0xfffd:
			sb.WriteRune(r)
		}
	}
	return strings.TrimSpace(sb.String())
}

// shownURL is an endpoint as messages show it: without a password or a
// query, where a token may be.
func shownURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(an unreadable URL)"
	}
	u.RawQuery, u.Fragment = "", ""
	return u.Redacted()
}
