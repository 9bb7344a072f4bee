import FetchedResults
import LuaBridge
import ObjectGraph
import ViewControllers

extension ScriptEngine {
    /// How the REPL shows a value: managed objects as `<Customer#1 name="Ann" orders=2>` (a fault as
    /// `<Customer#1 (fault)>`, without firing it), to-many sets as `{Order#1, Order#2}`, tables as
    /// `ripple.describe` does with cycles shown as back-references (`<1>{self = <table 1>}`), everything
    /// else as `tostring` does.
    public func prettyDescription(at index: Int32) -> String {
        let i = state.absoluteIndex(index)
        if let object = state.object(at: i, as: ManagedObject.self) { return describe(object) }
        if let window = state.object(at: i, as: Window.self) {
            let tree = window.describe()
            return tree.hasSuffix("\n") ? String(tree.dropLast()) : tree
        }
        if let owner = state.object(at: i, as: LuaFetchedResultsController.self) { return describe(owner.controller) }
        if state.type(at: i) == .table, let text = describeTable(at: i) { return text }
        return (try? state.toStringMeta(at: i)) ?? state.typeName(at: i)
    }

    /// `<FetchedResultsController Customer: 2 sections, 3 objects>`, or `(not fetched)`.
    func describe(_ controller: FetchedResultsController) -> String {
        let head = "<FetchedResultsController \(controller.fetchRequest.entityName)"
        guard let objects = controller.fetchedObjects else { return head + " (not fetched)>" }
        let sections = controller.sections?.count ?? 0
        return head + ": \(sections) section\(sections == 1 ? "" : "s"), \(objects.count) object\(objects.count == 1 ? "" : "s")>"
    }

    /// `<Customer#1 name="Ann" orders=2>`: attributes that are set, to-one targets, to-many counts.
    public func describe(_ object: ManagedObject) -> String {
        if object.isInvalidated { return "<\(object.displayName) (invalidated)>" }
        // Printing must not change what it shows: a fault stays a fault (firing it would load values).
        if object.isFault { return "<\(object.displayName) (fault)>" }
        var parts = [object.displayName]
        if object.isDeleted { parts.append("(deleted)") }
        let entity = object.entity
        for key in entity.propertyNames {
            guard let value = try? object.value(forKey: key) else { continue }
            switch value {
            case .null: continue
            case .collection(let members):
                parts.append("\(key)=\(members.count)")
            default:
                parts.append("\(key)=\(value)")
            }
        }
        return "<" + parts.joined(separator: " ") + ">"
    }
}
