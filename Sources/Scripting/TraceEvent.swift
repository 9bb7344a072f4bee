import ObjectGraph

/// One event of the trace as it was recorded: who posted it, its kind, the objects it involves by group
/// and its index paths, with the text of its line. ``text`` (what `--trace` and `ripple.events()` show) and
/// ``json(step:file:)`` (`--trace-format json`) are two renderings of one event.
///
/// Ripple's own events (context notifications, controller callbacks, a detail view controller's update
/// or deletion) are recorded with their groups; a line written by the view and window libraries, which
/// hand the trace text, is read once when it is recorded (``init(line:)``).
public struct TraceEvent {
    /// The line (its object names may be kept as runs until it is read).
    private(set) var line: TraceLine
    /// The event's parts; nil for a line handed as text, read from it when asked (``parts``).
    private let recorded: Parts?

    /// What an event is made of besides its text.
    struct Parts {
        /// What posted it: a context (`viewContext`), `frc NAME`, a view's name; nil without a `[source]`.
        var source: String?
        /// `objectsDidChange`, `didSave`, a controller callback, `dvc_updated`, …
        var kind: String
        /// The objects the event involves, by group, in the order of the line.
        var groups: [(name: String, group: Group)] = []
        /// Every `[section, item]` pair the event names, in order.
        var indexPaths: [(Int, Int)] = []
    }

    /// The objects of one group.
    enum Group {
        /// Object names (`["Order#1"]`).
        case names(TraceNames)
        /// Objects with their changed keys (`[{"object": "Order#1", "keys": ["total"]}]`).
        case changes([(object: String, keys: [String])])
        /// Sections in order, each with its objects.
        case sections([(name: String, objects: [String])])
        /// Objects at offsets (a difference's removals or insertions).
        case offsets([(offset: Int, object: String)])
    }

    /// The text of the event, exactly as `--trace` prints it.
    public var text: String { line.text }

    /// What posted the event: a context (`viewContext`), `frc NAME`, a view's name; nil without a `[source]`.
    public var source: String? { parts.source }

    /// The event's kind: `objectsDidChange`, `didSave`, a controller callback, `dvc_updated`, …
    public var kind: String { parts.kind }

    /// Whether some names are kept as runs (the text is written when read).
    var isDeferred: Bool { line.isDeferred }

    /// Writes out a line whose names are kept as runs, once (the groups keep their runs).
    mutating func writeOut() {
        if line.isDeferred { line = TraceLine(line.text) }
    }

    /// The event's parts: as recorded, or read from a line handed as text.
    var parts: Parts { recorded ?? TraceEvent.read(line.text) }

    /// An event with its line and parts.
    init(line: TraceLine, parts: Parts) {
        self.line = line
        self.recorded = parts
    }

    /// An event of a context or a controller: `[source] kind detail` (no detail: `[source] kind`).
    init(source: String?, kind: String, detail: String = "", groups: [(name: String, group: Group)] = [],
         indexPaths: [(Int, Int)] = []) {
        var text = source.map { "[" + $0 + "] " } ?? ""
        text += kind
        if !detail.isEmpty { text += " " + detail }
        self.init(line: TraceLine(text), parts: Parts(source: source, kind: kind, groups: groups, indexPaths: indexPaths))
    }

    /// A line handed as text (by the view and window libraries, a model warning); its parts are read from
    /// it when asked (``read(_:)``).
    public init(line text: String) {
        line = TraceLine(text)
        recorded = nil
    }

    /// The parts of a line handed as text: its `[source]` and first word, the object names it holds (a
    /// diffable data source's `apply` by section), and every `[s, i]` pair in it.
    static func read(_ text: String) -> Parts {
        var source: String?
        var rest = Substring(text)
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            source = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...].drop(while: { $0 == " " })
        }
        let kind = String(rest.prefix(while: { $0 != " " }))
        let detail = rest.dropFirst(kind.count).drop(while: { $0 == " " })
        var groups: [(name: String, group: Group)] = []
        if kind == "apply" {
            groups = TraceEvent.snapshotGroups(detail)
        } else {
            let named = EventLog.objectNames(in: detail)
            if !named.isEmpty { groups = [("named", .names(.list(named)))] }
        }
        return Parts(source: source, kind: kind, groups: groups, indexPaths: TraceEvent.indexPaths(in: Substring(text)))
    }

    /// The groups of a snapshot line (`A: Person#4, Person#1; B: Person#2 reload: Person#1`): sections in
    /// order, then reloaded or reconfigured items.
    static func snapshotGroups(_ detail: Substring) -> [(name: String, group: Group)] {
        var body = detail
        var extra: [(name: String, group: Group)] = []
        for marker in [" reconfigure: ", " reload: "] {
            if let range = body.firstRange(of: marker) {
                extra.insert((marker == " reload: " ? "reloaded" : "reconfigured",
                              .names(.list(EventLog.objectNames(in: body[range.upperBound...])))), at: 0)
                body = body[..<range.lowerBound]
            }
        }
        var sections: [(name: String, objects: [String])] = []
        for part in body.split(separator: ";").map({ $0.trimmingSpaces() }) where !part.isEmpty {
            guard let colon = part.lastIndex(of: ":") else { continue }
            var name = String(part[..<colon])
            if name.hasPrefix("\""), name.hasSuffix("\""), name.count >= 2 { name = String(name.dropFirst().dropLast()) }
            sections.append((name, EventLog.objectNames(in: part[part.index(after: colon)...])))
        }
        return [("sections", .sections(sections))] + extra
    }

    /// Every `[s, i]` pair of numbers in `text`, in order.
    static func indexPaths(in text: Substring) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        var scan = text
        while let open = scan.firstIndex(of: "[") {
            let after = scan[scan.index(after: open)...]
            guard let close = after.firstIndex(of: "]") else { break }
            let numbers = after[..<close].split(separator: ",").map { $0.trimmingSpaces() }
            if numbers.count == 2, numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }),
               let s = Int(numbers[0]), let i = Int(numbers[1]) {
                pairs.append((s, i))
            }
            scan = after[after.index(after: close)...]
        }
        return pairs
    }

    /// The JSON fields of the event after `step` and `file` and before `text`:
    /// `"source":…,"kind":…,"objects":{…},"indexPaths":[…]` (made where the event was recorded: a worker
    /// sends them to the parent with the text).
    public var jsonFields: String {
        let parts = self.parts
        let (source, kind, groups, indexPaths) = (parts.source, parts.kind, parts.groups, parts.indexPaths)
        var out = "\"source\":" + (source.map(EventLog.quote) ?? "null")
        out += ",\"kind\":" + EventLog.quote(kind)
        out += ",\"objects\":{"
        for (i, (name, group)) in groups.enumerated() {
            if i > 0 { out += "," }
            out += EventLog.quote(name) + ":" + TraceEvent.json(group)
        }
        out += "},\"indexPaths\":["
        out += indexPaths.map { "[\($0.0),\($0.1)]" }.joined(separator: ",")
        return out + "]"
    }

    /// The event as one JSON object on one line (JSON Lines; schema in docs/test-runner.md).
    public func json(step: Int, file: String) -> String {
        TraceEvent.json(fields: jsonFields, text: text, step: step, file: file)
    }

    /// An event's JSON object from its ``jsonFields`` and its text.
    public static func json(fields: String, text: String, step: Int, file: String) -> String {
        "{\"step\":\(step),\"file\":" + EventLog.quote(file) + "," + fields + ",\"text\":" + EventLog.quote(text) + "}"
    }

    private static func json(_ group: Group) -> String {
        let quote = EventLog.quote
        switch group {
        case .names(let names):
            return "[" + names.array.map(quote).joined(separator: ",") + "]"
        case .changes(let changes):
            return "[" + changes.map { "{\"object\":" + quote($0.object) + ",\"keys\":[" + $0.keys.map(quote).joined(separator: ",") + "]}" }
                .joined(separator: ",") + "]"
        case .sections(let sections):
            return "[" + sections.map { "{\"section\":" + quote($0.name) + ",\"objects\":[" + $0.objects.map(quote).joined(separator: ",") + "]}" }
                .joined(separator: ",") + "]"
        case .offsets(let items):
            return "[" + items.map { "{\"offset\":\($0.offset),\"object\":" + quote($0.object) + "}" }.joined(separator: ",") + "]"
        }
    }
}

/// The object names of a group as the line writes them: a list, the names joined by ", " (formatted once,
/// for the line), or runs of numbers (a bulk insert's names, written out when read).
enum TraceNames {
    case list([String])
    case joined(String)
    case runs(ObjectNameRuns)

    /// The names in order.
    var array: [String] {
        switch self {
        case .list(let names): return names
        case .joined(let text): return text.isEmpty ? [] : text.split(separator: ", ", omittingEmptySubsequences: false).map(String.init)
        case .runs(let runs): return runs.text.split(separator: ", ", omittingEmptySubsequences: false).map(String.init)
        }
    }
}

extension TraceEvent {
    /// A JSON trace object for a scenario's start, end or failure (`scenarioStart`, `scenarioEnd`,
    /// `failure`), made by the runner rather than recorded in the log: the fields of every event (no
    /// source, no objects), then `scenario` (its full name; null for a file's own failure), `status`
    /// (`passed`, `failed`, `error`, `pending`) and `message` when they apply.
    public static func scenarioJSON(kind: String, scenario: String?, status: String? = nil, message: String? = nil,
                                    step: Int, file: String) -> String {
        let quote = EventLog.quote
        let text: String
        switch kind {
        case "scenarioStart": text = "scenario begins: " + (scenario ?? "")
        case "scenarioEnd": text = "scenario ends: " + (scenario ?? "") + " (" + (status ?? "") + ")"
        default: text = "failure" + (scenario.map { " in " + $0 } ?? " outside the scenarios") + ": " + (message ?? "")
        }
        var fields = "\"source\":null,\"kind\":" + quote(kind) + ",\"objects\":{},\"indexPaths\":[]"
        fields += ",\"scenario\":" + (scenario.map(quote) ?? "null")
        if let status { fields += ",\"status\":" + quote(status) }
        if let message { fields += ",\"message\":" + quote(message) }
        return json(fields: fields, text: text, step: step, file: file)
    }
}

