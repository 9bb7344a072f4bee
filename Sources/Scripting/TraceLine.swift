import ObjectGraph

/// The text of a trace event (``TraceEvent``): text, with the long lists of
/// object names kept as ``ObjectNameRuns`` so that ``EventLog`` writes them out only when the line is read.
struct TraceLine {
    /// The text before the first runs of names.
    private var head: String
    /// Each runs of names, with the text that follows it.
    private var tail: [(names: ObjectNameRuns, after: String)] = []
    /// How many parts (`inserted: …`, `updated: …`) were appended: parts are joined with "; ".
    private var parts = 0

    /// A line starting with `head`.
    init(_ head: String) { self.head = head }

    /// Whether some names are runs (the text is written by ``text``, not held).
    var isDeferred: Bool { !tail.isEmpty }

    /// The whole line.
    var text: String {
        var line = head
        for (names, after) in tail {
            line += names.text
            line += after
        }
        return line
    }

    /// Appends `text` as it is.
    mutating func append(_ text: String) {
        if tail.isEmpty {
            head += text
        } else {
            tail[tail.count - 1].after += text
        }
    }

    /// Appends a part, after "; " unless it is the first.
    mutating func appendPart(_ text: String) {
        if parts > 0 { append("; ") }
        parts += 1
        append(text)
    }

    /// Appends the part `label` followed by the names of `objects` (`Item#1, Item#2`), kept as runs when
    /// that is shorter; returns the names as the line holds them (an event's group).
    @discardableResult
    mutating func appendPart(_ label: String, names objects: [ManagedObject]) -> TraceNames {
        guard let runs = ObjectNameRuns(objects) else {
            let names = EventLog.names(objects)
            appendPart(label + names)
            return .joined(names)
        }
        appendPart(label)
        tail.append((runs, ""))
        return .runs(runs)
    }
}
