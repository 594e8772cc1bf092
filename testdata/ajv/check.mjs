// Usage: node check.mjs SCHEMA.json CASES.jsonl
//
// Validates each line of CASES.jsonl against SCHEMA.json with ajv, a JSON
// Schema validator written independently of zsj, and prints one line per
// input line: "valid", "invalid" (a tab and ajv's first complaint follow),
// or "unparsable" when JSON.parse rejects the line.
// protocol/schema_ajv_test.go compares these verdicts with zsj's own.
import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";

const [schemaPath, casesPath] = process.argv.slice(2);
if (!schemaPath || !casesPath) {
  console.error("usage: node check.mjs SCHEMA.json CASES.jsonl");
  process.exit(2);
}

// strict: a schema with unknown keywords or loose types is an error, not
// something ajv quietly ignores.
const ajv = new Ajv2020({ strict: true });
const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, "utf8")));

const lines = readFileSync(casesPath, "utf8").split("\n");
if (lines.at(-1) === "") lines.pop(); // the newline that ends the last line

const out = lines.map((line) => {
  let value;
  try {
    value = JSON.parse(line);
  } catch {
    return "unparsable";
  }
  if (validate(value)) return "valid";
  const [first] = validate.errors;
  return `invalid\t${first.instancePath || "/"} ${first.message}`;
});
process.stdout.write(out.map((l) => l + "\n").join(""));
