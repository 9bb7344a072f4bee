/// A detail view controller's dependency event — `dvc_updated` (an object it shows changed) or
/// `dvc_deleted` (it was deleted) — recorded by the controller's and the object's names and the changed
/// keys, as they were; its line (``text``) and its JSON groups (``groups``) are written when it is read.
struct DependencyTraceEvent {
    /// The controller's name as the trace writes it.
    var controller: String
    /// The object's name (`Order#1`).
    var object: String
    /// The changed keys, sorted, of a `dvc_updated`; nil for a `dvc_deleted`.
    var changedKeys: [String]?

    /// `dvc_updated` or `dvc_deleted`.
    var kind: String { changedKeys == nil ? "dvc_deleted" : "dvc_updated" }

    /// `dvc_updated Detail Order#1 {total}`, `dvc_deleted Detail Order#1`.
    var text: String {
        var out = kind + " " + controller + " " + object
        if let changedKeys { out += " {" + changedKeys.joined(separator: ", ") + "}" }
        return out
    }

    /// `updated: [{object, keys}]` or `deleted: [object]`.
    var groups: [(name: String, group: TraceEvent.Group)] {
        if let changedKeys { return [("updated", .changes([(object, changedKeys)]))] }
        return [("deleted", .names(.list([object])))]
    }
}
