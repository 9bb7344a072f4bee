/// The JSON text of a report's data block (``ReportRecorder``, ``ReportWriter``): written by hand, compact,
/// and safe inside an HTML `<script>` element — `<`, `>` and `&` are written as `\u003c`, `\u003e` and
/// `\u0026`, so no text a script makes (a cell showing `</script>`) can end the element or start markup;
/// control characters and U+2028/U+2029 are escaped too.
///
/// ```swift
/// var o = ReportJSON.Object()
/// o.add("text", "</script>")
/// o.text   // {"text":"\u003c/script\u003e"}
/// ```
public enum ReportJSON {
    /// A JSON string literal, escaped for an HTML script element.
    public static func quote(_ s: String) -> String { quote(s, forHTML: true) }

    /// A JSON string literal; `forHTML` also escapes `<`, `>`, `&`, DEL and U+2028/U+2029 (the JSON trace
    /// of `--trace-format json` does not, the report's data block does).
    static func quote(_ s: String, forHTML: Bool) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<" where forHTML: out += "\\u003c"
            case ">" where forHTML: out += "\\u003e"
            case "&" where forHTML: out += "\\u0026"
            case "\u{2028}" where forHTML: out += "\\u2028"
            case "\u{2029}" where forHTML: out += "\\u2029"
            default:
                if c.value < 0x20 || (forHTML && c.value == 0x7F) {
                    let hex = String(c.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out + "\""
    }

    /// `text` cut to `limit` characters, with `… (N more characters)` when it was longer.
    public static func clip(_ text: String, _ limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        let count = text.count
        guard count > limit else { return text }
        return String(text.prefix(limit)) + "… (\(count - limit) more characters)"
    }

    /// An array of JSON values (already JSON text).
    public static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }

    /// An array of strings.
    public static func strings(_ items: [String]) -> String { array(items.map(quote)) }

    /// A JSON object being written, key by key.
    public struct Object {
        private var parts: [String] = []

        /// Creates an empty object.
        public init() {}

        /// Adds a string member (null when nil).
        public mutating func add(_ key: String, _ value: String?) {
            parts.append(quote(key) + ":" + (value.map(quote) ?? "null"))
        }

        /// Adds a number member.
        public mutating func add(_ key: String, _ value: Int) { parts.append(quote(key) + ":" + String(value)) }

        /// Adds a boolean member.
        public mutating func add(_ key: String, _ value: Bool) { parts.append(quote(key) + ":" + (value ? "true" : "false")) }

        /// Adds a member whose value is JSON text already.
        public mutating func addRaw(_ key: String, _ json: String) { parts.append(quote(key) + ":" + json) }

        /// The object's JSON text.
        public var text: String { "{" + parts.joined(separator: ",") + "}" }
    }
}
