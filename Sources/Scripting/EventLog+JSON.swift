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
        let special = objectGroups(kind: kind, detail: detail)
        if let special { objects = special }
        for part in special != nil ? [] : detail.split(separator: ";").map({ $0.trimmingSpaces() }) {
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
        if objects.isEmpty {
            let named = objectNames(in: detail)
            if !named.isEmpty { objects.append(("named", "[" + named.map(quote).joined(separator: ",") + "]")) }
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

    /// The `objects` groups of the event kinds that are not notifications (nil: a notification line, or no
    /// rule for the kind): a fetched-results change, a snapshot or difference, a detail view controller's
    /// update or deletion. Each rule reads the line `ripple` itself writes for that kind.
    static func objectGroups(kind: String, detail: Substring) -> [(String, String)]? {
        let names = { (text: Substring) in "[" + objectNames(in: text).map(quote).joined(separator: ",") + "]" }
        switch kind {
        case "didChangeObject":
            // `Customer#1 move [0, 0] -> [0, 2]`: grouped by change type, as a notification's groups.
            let words = detail.split(separator: " ")
            guard words.count >= 2 else { return nil }
            let group = ["insert": "inserted", "delete": "deleted", "move": "moved", "update": "updated"][String(words[1])] ?? String(words[1])
            return [(group, names(words[0]))]
        case "didChangeContentWithSnapshot", "apply":
            // `A: Person#4, Person#1; B: Person#2 reload: Person#1`: sections in order, then reloaded items.
            var body = detail
            var extra: [(String, String)] = []
            for marker in [" reconfigure: ", " reload: "] {
                if let range = body.firstRange(of: marker) {
                    extra.insert((marker == " reload: " ? "reloaded" : "reconfigured", names(body[range.upperBound...])), at: 0)
                    body = body[..<range.lowerBound]
                }
            }
            var sections: [String] = []
            for part in body.split(separator: ";").map({ $0.trimmingSpaces() }) where !part.isEmpty {
                guard let colon = part.lastIndex(of: ":") else { continue }
                var name = String(part[..<colon])
                if name.hasPrefix("\""), name.hasSuffix("\""), name.count >= 2 { name = String(name.dropFirst().dropLast()) }
                sections.append("{\"section\":" + quote(name) + ",\"objects\":" + names(part[part.index(after: colon)...]) + "}")
            }
            return [("sections", "[" + sections.joined(separator: ",") + "]")] + extra
        case "didChangeContentWithDifference":
            // `remove 0 Customer#1, insert 2 Customer#1`: removals and insertions with their offsets.
            var removed: [String] = [], inserted: [String] = []
            for change in detail.split(separator: ",").map({ $0.trimmingSpaces() }) {
                let words = change.split(separator: " ")
                guard words.count == 3, let offset = Int(words[1]) else { continue }
                let item = "{\"offset\":\(offset),\"object\":" + quote(String(words[2])) + "}"
                if words[0] == "remove" { removed.append(item) } else { inserted.append(item) }
            }
            return [("removed", "[" + removed.joined(separator: ",") + "]"), ("inserted", "[" + inserted.joined(separator: ",") + "]")]
        case "dvc_updated":
            // `dvc_updated Form Customer#1 {name}`: the object shown and its changed keys.
            guard let open = detail.lastIndex(of: "{"), let close = detail.lastIndex(of: "}"), open < close else { return nil }
            let object = objectNames(in: detail[..<open]).last ?? ""
            let keys = detail[detail.index(after: open)..<close].split(separator: ",").map { quote(String($0.trimmingSpaces())) }
            return [("updated", "[{\"object\":" + quote(object) + ",\"keys\":[" + keys.joined(separator: ",") + "]}]")]
        case "dvc_deleted":
            return [("deleted", "[" + (objectNames(in: detail).last.map(quote) ?? "") + "]")]
        default:
            return nil
        }
    }

    /// Every object name (`Entity#n`) in `text`, in order.
    static func objectNames(in text: Substring) -> [String] {
        var names: [String] = []
        var i = text.startIndex
        while let hash = text[i...].firstIndex(of: "#") {
            var start = hash
            while start > text.startIndex {
                let before = text.index(before: start)
                let c = text[before]
                guard c.isLetter || c.isNumber || c == "_" else { break }
                start = before
            }
            var end = text.index(after: hash)
            while end < text.endIndex, text[end].isNumber { end = text.index(after: end) }
            if start < hash, end > text.index(after: hash), text[start].isLetter {
                names.append(String(text[start..<end]))
            }
            i = end
            if i >= text.endIndex { break }
        }
        return names
    }

    /// A JSON string literal (``ReportJSON/quote(_:forHTML:)`` without the HTML escapes).
    static func quote(_ s: String) -> String { ReportJSON.quote(s, forHTML: false) }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed().isEmpty ? "" :
            self[(firstIndex(where: { $0 != " " }) ?? startIndex)...(lastIndex(where: { $0 != " " }) ?? startIndex)]
    }
}
