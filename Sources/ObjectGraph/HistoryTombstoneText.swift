/// The text form of a tombstone in a SQLite store's history (`ACHANGE.ZRIPPLETOMBSTONE`, and the fifth field of a change's line in the former `Z_HISTORY`): entries separated by
/// U+001E, each `key U+001F type U+001F value`, with backslash escapes for the separators, tab, line breaks and
/// backslash; doubles and dates as their bit patterns, so values come back exactly.
enum HistoryTombstoneText {
    static func encode(_ tombstone: [String: Value]) -> String {
        tombstone.keys.sorted().compactMap { key -> String? in
            let (code, payload): (String, String)
            switch tombstone[key]! {
            case .string(let s): (code, payload) = ("s", s)
            case .integer(let i): (code, payload) = ("i", String(i))
            case .double(let d): (code, payload) = ("d", String(d.bitPattern, radix: 16))
            case .date(let d): (code, payload) = ("t", String(d.bitPattern, radix: 16))
            case .bool(let b): (code, payload) = ("b", b ? "1" : "0")
            case .data(let bytes): (code, payload) = ("x", bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined())
            case .uuid(let u): (code, payload) = ("u", u.description)
            default: return nil
            }
            return [escape(key), code, escape(payload)].joined(separator: "\u{1F}")
        }.joined(separator: "\u{1E}")
    }

    static func decode(_ text: String) -> [String: Value] {
        var result: [String: Value] = [:]
        for entry in text.split(separator: "\u{1E}", omittingEmptySubsequences: true) {
            let parts = entry.split(separator: "\u{1F}", omittingEmptySubsequences: false).map { unescape(String($0)) }
            guard parts.count == 3 else { continue }
            let payload = parts[2]
            let value: Value?
            switch parts[1] {
            case "s": value = .string(payload)
            case "i": value = Int64(payload).map { .integer($0) }
            case "d": value = UInt64(payload, radix: 16).map { .double(Double(bitPattern: $0)) }
            case "t": value = UInt64(payload, radix: 16).map { .date(Double(bitPattern: $0)) }
            case "b": value = .bool(payload == "1")
            case "x":
                var bytes: [UInt8] = []
                var chars = Array(payload.utf8)[...]
                while chars.count >= 2, let byte = UInt8(String(decoding: chars.prefix(2), as: UTF8.self), radix: 16) {
                    bytes.append(byte); chars = chars.dropFirst(2)
                }
                value = .data(bytes)
            case "u": value = UUIDBytes(string: payload).map { .uuid($0) }
            default: value = nil
            }
            if let value { result[parts[0]] = value }
        }
        return result
    }

    private static func escape(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\c"
            case "\u{1E}": out += "\\r"
            case "\u{1F}": out += "\\u"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    private static func unescape(_ s: String) -> String {
        var out = ""
        var escaped = false
        for c in s.unicodeScalars {
            if escaped {
                switch c {
                case "t": out += "\t"
                case "n": out += "\n"
                case "c": out += "\r"
                case "r": out += "\u{1E}"
                case "u": out += "\u{1F}"
                default: out.unicodeScalars.append(c)
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
