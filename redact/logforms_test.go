package redact

import "encoding/base64"

// The cases of the forms logs hold beyond what the catalogue anchors on:
// key names by suffix in every way text writes a key, Authorization with
// any scheme, short credential flags. Each group has cases that must be
// redacted and near misses that must not; they join textCases, so
// TestTextRules runs them and TestEveryRuleHasCases counts them.
func init() {
	textCases = append(textCases, logFormCases...)
}

var logFormCases = []textCase{
	// Key names by suffix, in key=value, ini/TOML, YAML, export and flags.
	{"suffix env", "DB_PASSWORD=hunter2 next", "DB_PASSWORD=" + R + " next", RuleAssignment},
	{"suffix export", "export STRIPE_SECRET_KEY=abc123", "export STRIPE_SECRET_KEY=" + R, RuleAssignment},
	{"suffix api token", "MY_API_TOKEN=t0k3n", "MY_API_TOKEN=" + R, RuleAssignment},
	{"ini spaced", "[default]\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG\nregion = us-east-1",
		"[default]\naws_secret_access_key = " + R + "\nregion = us-east-1", RuleAssignment},
	{"toml spaced comment", "  db_password = s3cret-1 # prod", "  db_password = " + R + " # prod", RuleAssignment},
	{"yaml", "db:\n  password: s3cr3t!\n  user: bob", "db:\n  password: " + R + "\n  user: bob", RuleAssignment},
	{"yaml quoted", "api_token: \"abc def\"", "api_token: \"" + R + "\"", RuleAssignment},
	{"yaml list", "- client_secret: a1b2c3d4", "- client_secret: " + R, RuleAssignment},
	{"header line", "X-Auth-Token: 9f8e7d6c5b", "X-Auth-Token: " + R, RuleAssignment},
	{"header in curl", "curl -H 'X-Auth-Token: 9f8e7d6c5b' url", "curl -H 'X-Auth-Token: " + R + "' url", RuleAssignment},
	{"long flag spaced", "app --password hunter2 --env prod", "app --password " + R + " --env prod", RuleAssignment},
	{"long flag api key", "cli --api-key 'k-123' run", "cli --api-key '" + R + "' run", RuleAssignment},
	{"long flag client secret", "az login --client-secret s3cr3t", "az login --client-secret " + R, RuleAssignment},
	{"suffix near misses", "PASSWORD_POLICY=strict token_count=5 max_tokens=7 keyboard=us secretary=bob next_page_token=abc", "", ""},
	{"ini code", "token = get_token()\nsecret = config.secret\npassword = None", "", ""},
	{"ini word", "password = hunter", "", ""},
	{"ini not at line start", "x; token = abc123", "", ""},
	{"yaml placeholders", "password: ${DB_PASSWORD}\ntoken: <your-token>\nsecret: '***'\napi_key: changeme\nclient_secret: xxxxxxxx", "", ""},
	{"yaml prose", "Password: must be 8 chars\npassword:\n  nested: 1\ntoken: str", "", ""},
	{"yaml mid line", "the token: abc123 here", "", ""},
	{"flag file and stdin", "app --password-stdin --token-file ./t --private-key ~/.ssh/id --token $TOKEN --password -", "", ""},
	{"assignment placeholders", "password=*** token=xxxx secret=changeme", "", ""},
	{"assignment stand-ins", "API_KEY=\"glc_11111111111111\" access_token=ACCESS_TOKEN\nSECRET: 'MY_SECRET_2'", "", ""},
	{"assignment quoted whole", `note = "token = "abc123xyz""`, "", ""},
	{"assignment near stand-ins", "API_KEY=\"glc_1111111Ab2\" access_token=ACCESS_token", "API_KEY=\"[REDACTED]\" access_token=[REDACTED]", RuleAssignment},

	// Authorization with any scheme, or none.
	{"auth token scheme", "Authorization: token 0123456789abcdef", "Authorization: token " + R, RuleAuthorization},
	{"auth custom scheme", "Authorization: Splunk 1a2b3c4d-5e6f", "Authorization: Splunk " + R, RuleAuthorization},
	{"auth apikey scheme", "authorization: ApiKey abc123", "authorization: ApiKey " + R, RuleAuthorization},
	{"auth no scheme", "Authorization: 1a2b3c4d5e6f7a8b\nnext", "Authorization: " + R + "\nnext", RuleAuthorization},
	{"auth params", `Authorization: Digest username="bob", response="6629fae4"` + "\nnext", "Authorization: Digest " + R + "\nnext", RuleAuthorization},
	{"auth in curl", `curl -H "Authorization: token ghx0123456789" url`, `curl -H "Authorization: token ` + R + `" url`, RuleAuthorization},
	{"auth json member", `{"Authorization": "Splunk 1a2b3c4d-5e6f"}`, `{"Authorization": "` + R + `"}`, RuleJSONField},
	{"auth prose", "Authorization: required for all calls\nAuthorization: header\nAuthorization: Bearer $TOKEN\nAuthorization: Bearer <token>", "", ""},

	// Short credential flags of known commands.
	{"docker login", "docker login -u bob -p s3cr3t registry.io", "docker login -u bob -p " + R + " registry.io", RuleCLIFlag},
	{"mysql glued", "mysql -u root -pS3cret db < dump.sql", "mysql -u root -p" + R + " db < dump.sql", RuleCLIFlag},
	{"mysqldump", "mysqldump -h db -pS3cret app", "mysqldump -h db -p" + R + " app", RuleCLIFlag},
	{"sshpass", "sshpass -p 'pa ss' ssh host", "sshpass -p '" + R + "' ssh host", RuleCLIFlag},
	{"redis-cli", "redis-cli -h r -a s3cr3t ping", "redis-cli -h r -a " + R + " ping", RuleCLIFlag},
	{"curl user", "curl -u bob:s3cr3t https://x", "curl -u bob:" + R + " https://x", RuleCLIFlag},
	{"cli near misses", "mkdir -p dir; ssh -p 22 h; mysql -p db; docker run -p 80:80 img; docker login -p $PW; curl -u bob https://x; sshpass -p ~/pw", "", ""},

	// Secrets in base64 and percent-encoded text: the part of the run
	// that encodes the secret is replaced, the rest stays.
	base64Case("base64 env", "$ base64 -w0 .env\n", "GH_TOKEN=", fake("ghp_", abcAlnum, 36), "\nDEBUG=1\n", "\n$ ls"),
	base64Case("percent in base64", "data: ", "https://h/?next=%3Ftoken%3D", "abc123def", "\n", ""),
	{"base64 near misses", "$ base64 .env\n" + base64.StdEncoding.EncodeToString([]byte("GH_TOKEN=${GH_TOKEN}\nDEBUG=1\nPASSWORD_POLICY=strict\n")) +
		"\n" + fake("", abcB64, 300), "", ""},
	{"percent query", "https://x/cb?next=https%3A%2F%2Fh%2F%3Ftoken%3Dabc123def%26x%3D1 done", "https://x/cb?next=https%3A%2F%2Fh%2F%3Ftoken%3D" + R + "%26x%3D1 done", RulePercent},
	{"percent header", "q=Authorization%3A%20token%20abcdef0123456789", "q=Authorization%3A%20token%20" + R, RulePercent},
	{"percent near misses", "https://x/?q=token%20count%3D5&r=%3Ftoken%3D%24%7BTOKEN%7D", "", ""},
}

// base64Case is a case of text with a secret in base64: before, then the
// base64 of key, secret and after, then tail. The key must be a whole
// number of 3-byte groups long, so the secret starts a group.
func base64Case(name, before, key, secret, after, tail string) textCase {
	enc := base64.StdEncoding.EncodeToString([]byte(key + secret + after))
	s := len(key) / 3 * 4
	e := min((len(key)+len(secret)+2)/3*4, len(enc))
	return textCase{name, before + enc + tail, before + enc[:s] + R + enc[e:] + tail, RuleBase64}
}
