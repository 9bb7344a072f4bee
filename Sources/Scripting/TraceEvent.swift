import CollectionViews
import FetchedResults
import ObjectGraph
import ViewControllers

/// One event of the trace as it was recorded: who posted it, its kind, the objects it involves by group
/// and its index paths, with the text of its line. ``text`` (what `--trace` and `ripple.events()` show) and
/// ``json(step:file:)`` (`--trace-format json`) are two renderings of one event.
///
/// Ripple's most frequent events (a context's notifications, a controller's callbacks) are recorded as their
/// parts — names and numbers of objects, keys, index paths, as they were at the time — and their text is
/// written only when the event is read (``text``); the lines of Ripple's own bindings (a user gesture, a view
/// delegate's call, a warning) are recorded as a ``TraceNote``, their index paths and object names kept as
/// values; a controller's detailed callbacks, a detail view controller's `dvc_` events and a diffable data
/// source's warnings by their own parts. No event's parts are read back from its text.
public struct TraceEvent {
    /// What was recorded: a line with its text, or the parts of an event whose text is written when read.
    enum Body {
        /// A line (its object names may be kept as runs until it is read), with its parts.
        case line(TraceLine, Parts)
        /// A line of Ripple's own bindings, by its pieces.
        case note(TraceNote)
        /// `[source] kind`: a callback without details (`willSave`, `controllerWillChangeContent`).
        case callback(TraceSource, kind: String)
        /// A context's `objectsDidChange` or `didSave`, by its objects' names and changed keys.
        case changes(context: String, kind: ContextEventKind, TraceChanges)
        /// A controller's `didChangeObject`: the object's name and number, the change and its paths.
        case objectChange(controller: String, entity: String, number: Int, type: FetchedResultsChangeType,
                          from: IndexPath?, to: IndexPath?)
        /// An event of a collection or table view.
        case view(CollectionViewEvent)
        /// An event of a window (a transition, a lifecycle callback, a warning): no objects, no index paths.
        case window(WindowEvent)
        /// A controller's delegate call with details (`didChangeSection`, `didChangeContentWithSnapshot`,
        /// `didChangeContentWithDifference`), by its names and numbers.
        case controllerDetail(controller: String, ControllerTraceDetail)
        /// A detail view controller's `dvc_updated` or `dvc_deleted`.
        case dependency(DependencyTraceEvent)
        /// A diffable data source's warning, by its kind and the identifier it quotes.
        case diffableWarning(DiffableSnapshotWarning)
    }

    /// The kinds of context events recorded by their objects.
    enum ContextEventKind {
        case objectsDidChange, didSave
    }

    /// What was recorded.
    private(set) var body: Body

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

    /// The text of the event, exactly as `--trace` prints it (written from the event's parts when it was
    /// recorded by them).
    public var text: String {
        switch body {
        case .line(let line, _):
            return line.text
        case .note(let note):
            return note.text
        case .callback(let source, let kind):
            guard let name = source.text else { return kind }
            return "[" + name + "] " + kind
        case .changes(let context, .objectsDidChange, let changes):
            return "[" + context + "] objectsDidChange " + changes.text
        case .changes(let context, .didSave, let changes):
            return "[" + context + "] didSave" + (changes.isEmpty ? "" : " " + changes.text)
        case .objectChange(let controller, let entity, let number, let type, let from, let to):
            var s = "[frc " + controller + "] didChangeObject " + entity + "#" + String(number) + " " + type.rawValue
            if let from { s += " " + from.description }
            if let to { s += " -> " + to.description }
            return s
        case .view(let event):
            return event.description
        case .window(let event):
            return event.description
        case .controllerDetail(let controller, let detail):
            return detail.text(controller: controller)
        case .dependency(let event):
            return event.text
        case .diffableWarning(let warning):
            return warning.description
        }
    }

    /// What posted the event: a context (`viewContext`), `frc NAME`, a view's name; nil without a `[source]`.
    public var source: String? { parts.source }

    /// The event's kind: `objectsDidChange`, `didSave`, a controller callback, `dvc_updated`, …
    public var kind: String { parts.kind }

    /// The event's parts, as recorded.
    var parts: Parts {
        switch body {
        case .line(_, let parts):
            return parts
        case .note(let note):
            return note.parts
        case .callback(let source, let kind):
            return Parts(source: source.text, kind: kind)
        case .changes(let context, let kind, let changes):
            return Parts(source: context, kind: kind == .objectsDidChange ? "objectsDidChange" : "didSave",
                         groups: changes.groups)
        case .objectChange(let controller, let entity, let number, let type, let from, let to):
            let group = switch type {
            case .insert: "inserted"
            case .delete: "deleted"
            case .move: "moved"
            case .update: "updated"
            }
            return Parts(source: "frc " + controller, kind: "didChangeObject",
                         groups: [(group, .names(.list([entity + "#" + String(number)])))],
                         indexPaths: [from, to].compactMap { $0.map { ($0.section, $0.item) } })
        case .view(let event):
            var groups: [(name: String, group: Group)] = []
            if case .apply(let sections, let itemsAreObjects, _) = event.kind {
                groups = [("sections", .sections(sections.map { ($0.name, itemsAreObjects ? $0.items : []) }))]
            }
            return Parts(source: event.view, kind: event.name, groups: groups,
                         indexPaths: event.indexPaths.map { ($0.section, $0.item) })
        case .window(let event):
            return Parts(source: nil, kind: event.name)
        case .controllerDetail(let controller, let detail):
            return Parts(source: "frc " + controller, kind: detail.kind, groups: detail.groups)
        case .dependency(let event):
            return Parts(source: nil, kind: event.kind, groups: event.groups)
        case .diffableWarning(let warning):
            // The identifier it quotes, as the line writes it (an identifier of the script's, or an object
            // ID's URI for a controller's snapshot): not an object name.
            return Parts(source: DiffableSnapshotWarning.source, kind: "warning",
                         groups: [("identifiers", .names(.list([warning.identifier.description])))])
        }
    }

    /// An event with its line and parts.
    init(line: TraceLine, parts: Parts) {
        body = .line(line, parts)
    }

    /// An event recorded by its parts (its text is written when read).
    init(_ body: Body) {
        self.body = body
    }

    /// A line of Ripple's own bindings (``TraceNote``): its text is written when read.
    init(_ note: TraceNote) {
        body = .note(note)
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


/// What posted a callback event: nothing, a context or view by name, or a fetched results controller
/// (`frc NAME`, written when read).
enum TraceSource {
    case none
    case named(String)
    case controller(String)

    /// The text between the brackets, or nil.
    var text: String? {
        switch self {
        case .none: return nil
        case .named(let name): return name
        case .controller(let name): return "frc " + name
        }
    }
}
