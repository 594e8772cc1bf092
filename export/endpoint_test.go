package export

import (
	"maps"
	"testing"
)

func TestResolveEndpoint(t *testing.T) {
	for _, tc := range []struct {
		name             string
		endpoint, proto  string
		headers          []string
		env              map[string]string
		wantURL, wantPro string
		wantHeaders      map[string]string
		wantErr          bool
	}{
		{name: "flag base", endpoint: "http://localhost:4318", wantURL: "http://localhost:4318/v1/traces", wantPro: ProtocolProtobuf},
		{name: "flag full", endpoint: "https://h/otel/v1/traces", wantURL: "https://h/otel/v1/traces", wantPro: ProtocolProtobuf},
		{name: "env base", env: map[string]string{EnvEndpoint: "http://c:4318/", EnvProtocol: "http/json"}, wantURL: "http://c:4318/v1/traces", wantPro: ProtocolJSON},
		{name: "traces env as is", env: map[string]string{EnvEndpoint: "http://a", EnvTracesEndpoint: "http://b/x"}, wantURL: "http://b/x", wantPro: ProtocolProtobuf},
		{name: "flag wins", endpoint: "http://f", proto: "http/protobuf", env: map[string]string{EnvEndpoint: "http://e", EnvProtocol: "http/json"}, wantURL: "http://f/v1/traces", wantPro: ProtocolProtobuf},
		{name: "headers", endpoint: "http://f", headers: []string{"x-b=2"},
			env:     map[string]string{EnvHeaders: "Authorization=Basic%20a+b=, x-b=1"},
			wantURL: "http://f/v1/traces", wantPro: ProtocolProtobuf,
			wantHeaders: map[string]string{"Authorization": "Basic a+b=", "x-b": "2"}},
		{name: "no endpoint", wantErr: true},
		{name: "not http", endpoint: "localhost:4318", wantErr: true},
		{name: "grpc", endpoint: "http://f", proto: "grpc", wantErr: true},
		{name: "bad header", endpoint: "http://f", headers: []string{"novalue"}, wantErr: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, err := ResolveEndpoint(tc.endpoint, tc.proto, tc.headers, func(k string) string { return tc.env[k] })
			if tc.wantErr {
				if err == nil {
					t.Fatalf("no error; endpoint %+v", e)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if e.URL != tc.wantURL || e.Protocol != tc.wantPro {
				t.Errorf("URL %q protocol %q, want %q %q", e.URL, e.Protocol, tc.wantURL, tc.wantPro)
			}
			if tc.wantHeaders == nil {
				tc.wantHeaders = map[string]string{}
			}
			if !maps.Equal(e.Headers, tc.wantHeaders) {
				t.Errorf("headers %v, want %v", e.Headers, tc.wantHeaders)
			}
		})
	}
}
