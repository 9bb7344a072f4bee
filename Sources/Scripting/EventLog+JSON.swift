extension EventLog {
    /// One trace line as a JSON object on one line (JSON Lines; schema in docs/test-runner.md):
    ///
    /// ```
    /// {"step":3,"file":"a.lua","source":"viewContext","kind":"didSave",
    ///  "objects":{"inserted":["C#1"],"updated":[{"object":"C#2","keys":["n"]}]},"indexPaths":[],
    ///  "text":"[viewContext] didSave inserted: C#1; updated: C#2 {n}"}
    /// ```
    /// - Parameters:
    ///   - line: A line of ``lines``.
    ///   - step: Its position in the file's trace, from 1.
    ///   - file: The scenario file.
    public static func json(_ line: String, step: Int, file: String) -> String {
        var source: String?
        var rest = Substring(line)
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            source = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...].drop(while: { $0 == " " })
        }
        let kind = String(rest.prefix(while: { $0 != " " }))
        let detail = rest.dropFirst(kind.count).drop(while: { $0 == " " })
        var objects: [(String, String)] = []
        for part in detail.split(separator: ";").map({ $0.trimmingSpaces() }) {
            guard let colon = part.firstIndex(of: ":") else { continue }
            let group = part[..<colon]
            guard ["inserted", "updated", "deleted", "refreshed", "invalidated"].contains(String(group)) else { continue }
            var items: [String] = []
            var body = part[part.index(after: colon)...].trimmingSpaces()
            while !body.isEmpty {
                let name = body.prefix(while: { $0 != "," && $0 != " " && $0 != "{" })
                body = body.dropFirst(name.count).trimmingSpaces()
                if body.hasPrefix("{"), let close = body.firstIndex(of: "}") {
                    let keys = body[body.index(after: body.startIndex)..<close].split(separator: ",").map { quote(String($0.trimmingSpaces())) }
                    items.append("{\"object\":\(quote(String(name))),\"keys\":[\(keys.joined(separator: ","))]}")
                    body = body[body.index(after: close)...].trimmingSpaces()
                } else {
                    items.append(quote(String(name)))
                }
                if body.hasPrefix(",") { body = body.dropFirst().trimmingSpaces() }
                if name.isEmpty && !body.isEmpty { body = body.dropFirst() }
            }
            objects.append((String(group), "[" + items.joined(separator: ",") + "]"))
        }
        var indexPaths: [String] = []
        var scan = Substring(line)
        while let open = scan.firstIndex(of: "[") {
            let after = scan[scan.index(after: open)...]
            guard let close = after.firstIndex(of: "]") else { break }
            let inside = after[..<close]
            let numbers = inside.split(separator: ",").map { $0.trimmingSpaces() }
            if numbers.count == 2, numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) {
                indexPaths.append("[" + numbers.joined(separator: ",") + "]")
            }
            scan = after[after.index(after: close)...]
        }
        var fields = ["\"step\":\(step)", "\"file\":" + quote(file)]
        fields.append("\"source\":" + (source.map(quote) ?? "null"))
        fields.append("\"kind\":" + quote(kind))
        fields.append("\"objects\":{" + objects.map { quote($0.0) + ":" + $0.1 }.joined(separator: ",") + "}")
        fields.append("\"indexPaths\":[" + indexPaths.joined(separator: ",") + "]")
        fields.append("\"text\":" + quote(line))
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// A JSON string literal.
    static func quote(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if c.value < 0x20 {
                    let hex = String(c.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out + "\""
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed().isEmpty ? "" :
            self[(firstIndex(where: { $0 != " " }) ?? startIndex)...(lastIndex(where: { $0 != " " }) ?? startIndex)]
    }
}
