extension EventLog {
    /// One trace line handed as text as a JSON object on one line (JSON Lines; schema in
    /// docs/test-runner.md). Events Ripple records itself carry their groups: use ``TraceEvent/json(step:file:)``.
    public static func json(_ line: String, step: Int, file: String) -> String {
        TraceEvent(line: line).json(step: step, file: file)
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
