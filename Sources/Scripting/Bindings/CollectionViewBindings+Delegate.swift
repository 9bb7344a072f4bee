import CollectionViews
import FetchedResults
import LuaBridge
import ObjectGraph

/// An object a view calls with Cocoa's method names — its delegate or its prefetching data source —
/// written in Lua (a table, a table with a metatable, or a view controller). Methods are looked up at
/// every call, as Objective-C sends messages; a missing method takes UIKit's default. Every call is
/// written in the trace, prefixed with the view's name.
class LuaViewRole {
    unowned let classes: CollectionViewClasses
    /// The Lua object.
    let object: LuaRef
    /// Who it is for the messages (`the delegate`).
    let owner: String

    init(classes: CollectionViewClasses, object: LuaRef, owner: String) {
        self.classes = classes
        self.object = object
        self.owner = owner
    }

    var engine: ScriptEngine { classes.engine }
    var state: LuaState { engine.state }

    /// Whether the object has a function under `name`.
    func implements(_ name: String) throws -> Bool {
        state.push(object)
        defer { state.pop() }
        guard let pushed = try LuaMethodLookup.push(name, of: -1, in: state, owner: owner) else { return false }
        state.pop(pushed)
        return true
    }

    /// Calls `name(view, …)` keeping one result on the stack; false (nothing pushed) when the method is
    /// missing. A Lua error becomes `name(arguments) failed: message`.
    func call(_ name: String, _ view: CollectionView, describing arguments: @autoclosure () -> String,
              _ pushArguments: () -> Int32) throws -> Bool {
        state.push(object)
        let pushed: Int32?
        do { pushed = try LuaMethodLookup.push(name, of: -1, in: state, owner: owner) } catch {
            state.pop()
            throw ScriptingError(error.message)
        }
        state.remove(at: -1 - (pushed ?? 0))
        guard let pushed else { return false }
        classes.push(view: view)
        let count = pushArguments()
        do {
            try state.pcall(arguments: pushed + count, results: 1)
        } catch {
            throw ScriptingError("\(name)(\(arguments())) failed: \(error.message)")
        }
        return true
    }

    /// Calls a method whose result is ignored; true when it was implemented (traced before the call).
    @discardableResult
    func notify(_ name: String, _ view: CollectionView, _ arguments: TraceDetail, _ pushArguments: () -> Int32) throws -> Bool {
        guard try implements(name) else { return false }
        trace(view, name, arguments)
        guard try call(name, view, describing: arguments.text, pushArguments) else { return false }
        state.pop()
        return true
    }

    /// Calls a method answering a boolean; `fallback` when it is missing. Traced with the answer.
    func askBoolean(_ name: String, _ view: CollectionView, _ indexPath: IndexPath, fallback: Bool) throws -> Bool {
        guard try call(name, view, describing: "\(indexPath)", { engine.push(indexPath: indexPath); return 1 }) else { return fallback }
        defer { state.pop() }
        guard state.type(at: -1) == .boolean else {
            throw ScriptingError("\(name)(\(indexPath)) must return a boolean, got \(state.typeName(at: -1))")
        }
        let answer = state.toBoolean(at: -1)
        trace(view, name, "\(indexPath) -> \(answer)")
        return answer
    }

    /// Calls a method answering an index path or nil (`arguments` pushes everything after the view);
    /// `fallback` when it is missing. Traced with the answer.
    func askIndexPath(_ name: String, _ view: CollectionView, _ described: TraceDetail, fallback: IndexPath?,
                      nilAllowed: Bool, _ pushArguments: () -> Int32) throws -> IndexPath? {
        guard try call(name, view, describing: described.text, pushArguments) else { return fallback }
        defer { state.pop() }
        if state.type(at: -1) == .nil && nilAllowed {
            trace(view, name, "\(described) -> nil")
            return nil
        }
        guard let box = state.object(at: -1, as: IndexPathBox.self) else {
            throw ScriptingError("\(name)(\(described.text)) must return an IndexPath\(nilAllowed ? " or nil" : ""), got \(state.typeName(at: -1))")
        }
        trace(view, name, "\(described) -> \(box.value)")
        return box.value
    }

    /// Records the call `[view] name detail`, its index paths kept as values.
    func trace(_ view: CollectionView, _ name: String, _ detail: TraceDetail) {
        engine.log.record(TraceNote(source: view.name, kind: name, detail))
    }
}

/// A view's delegate written in Lua (``LuaProtocols/tableViewDelegate``, ``LuaProtocols/collectionViewDelegate``):
/// the view calls its display methods; `ripple.user`'s gestures call the others.
final class LuaCollectionViewDelegate: LuaViewRole, CollectionViewDelegate {
    let wantsDisplayCallbacks: Bool

    init(classes: CollectionViewClasses, object: LuaRef, implementsDisplay: Bool) {
        wantsDisplayCallbacks = implementsDisplay
        super.init(classes: classes, object: object, owner: "the delegate")
    }

    func collectionView(_ view: CollectionView, willDisplay cell: CollectionReusableView, forItemAt indexPath: IndexPath) throws {
        try notify("willDisplayCell", view, "\(indexPath)") {
            state.push(object: cell, class: classes.reusableView)
            engine.push(indexPath: indexPath)
            return 2
        }
    }

    func collectionView(_ view: CollectionView, didEndDisplaying cell: CollectionReusableView, forItemAt indexPath: IndexPath) throws {
        try notify("didEndDisplayingCell", view, "\(indexPath)") {
            state.push(object: cell, class: classes.reusableView)
            engine.push(indexPath: indexPath)
            return 2
        }
    }
}

/// A prefetching data source written in Lua (``LuaProtocols/tableViewPrefetching``).
final class LuaPrefetchDataSource: LuaViewRole, CollectionViewDataSourcePrefetching {
    let isTable: Bool

    init(classes: CollectionViewClasses, object: LuaRef, isTable: Bool) {
        self.isTable = isTable
        super.init(classes: classes, object: object, owner: "the prefetching data source")
    }

    private func send(_ name: String, _ view: CollectionView, _ paths: [IndexPath]) throws {
        try notify(name, view, TraceDetail(indexPaths: paths, separator: ", ")) {
            state.newTable(arrayCount: Int32(paths.count), recordCount: 0)
            for (i, p) in paths.enumerated() {
                engine.push(indexPath: p)
                state.rawSet(tableAt: -2, index: i + 1)
            }
            return 1
        }
    }

    func collectionView(_ view: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) throws {
        try send(isTable ? "prefetchRowsAtIndexPaths" : "prefetchItemsAtIndexPaths", view, indexPaths)
    }

    func collectionView(_ view: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) throws {
        try send(isTable ? "cancelPrefetchingForRowsAtIndexPaths" : "cancelPrefetchingForItemsAtIndexPaths", view, indexPaths)
    }
}

extension CollectionViewClasses {
    /// `view.delegate = value`: nil or a Lua object playing the delegate protocol (checked now).
    func setDelegate(_ view: CollectionView, _ value: Int32) throws {
        let state = engine.state
        let isTable = view is TableView
        switch state.type(at: value) {
        case .nil, .none:
            view.delegate = nil
        case .table, .userdata:
            try engine.checkMembers(ofObjectAt: value, playing: isTable ? LuaProtocols.tableViewDelegate : LuaProtocols.collectionViewDelegate)
            state.pushValue(at: value)
            let probe = LuaViewRole(classes: self, object: state.ref(), owner: "the delegate")
            let display = try probe.implements("willDisplayCell") || probe.implements("didEndDisplayingCell")
            view.delegate = LuaCollectionViewDelegate(classes: self, object: probe.object, implementsDisplay: display)
        default:
            throw ScriptingError("delegate must be a table (or object) implementing \(isTable ? "UITableViewDelegate" : "UICollectionViewDelegate"), got \(state.typeName(at: value))")
        }
    }

    /// `view.prefetchDataSource = value`: nil or a Lua object playing the prefetching protocol.
    func setPrefetchDataSource(_ view: CollectionView, _ value: Int32) throws {
        let state = engine.state
        let isTable = view is TableView
        let role = isTable ? LuaProtocols.tableViewPrefetching : LuaProtocols.collectionViewPrefetching
        switch state.type(at: value) {
        case .nil, .none:
            view.prefetchDataSource = nil
        case .table, .userdata:
            try engine.checkMembers(ofObjectAt: value, playing: role)
            state.pushValue(at: value)
            let source = LuaPrefetchDataSource(classes: self, object: state.ref(), isTable: isTable)
            let required = isTable ? "prefetchRowsAtIndexPaths" : "prefetchItemsAtIndexPaths"
            guard try source.implements(required) else {
                throw ScriptingError("-[\(isTable ? "UITableView" : "UICollectionView") prefetchDataSource \(isTable ? "tableView" : "collectionView"):\(required):]: unrecognized selector sent to instance (the prefetching data source has no function \(required))")
            }
            view.prefetchDataSource = source
        default:
            throw ScriptingError("prefetchDataSource must be a table (or object) implementing \(role.name), got \(state.typeName(at: value))")
        }
    }

    /// Pushes a selection property; false when `name` is not one.
    func getSelectionProperty(_ view: CollectionView, _ name: String) -> Bool {
        let state = engine.state
        switch name {
        case "delegate":
            if let delegate = view.delegate as? LuaCollectionViewDelegate { state.push(delegate.object) } else { state.pushNil() }
        case "prefetchDataSource":
            if let source = view.prefetchDataSource as? LuaPrefetchDataSource { state.push(source.object) } else { state.pushNil() }
        case "allowsMultipleSelection": state.push(view.allowsMultipleSelection)
        case "isEditing": state.push(view.isEditing)
        case "isHidden": state.push(view.isHidden)
        case "indexPathForSelectedRow": engine.push(indexPath: view.indexPathForSelectedItem)
        case "indexPathsForSelectedRows", "indexPathsForSelectedItems":
            // UIKit answers nil rather than an empty array.
            let paths = view.indexPathsForSelectedItems
            guard !paths.isEmpty else { state.pushNil(); return true }
            state.newTable(arrayCount: Int32(paths.count), recordCount: 0)
            for (i, p) in paths.enumerated() {
                engine.push(indexPath: p)
                state.rawSet(tableAt: -2, index: i + 1)
            }
        default: return false
        }
        return true
    }

    /// Sets a selection property; false when `name` is not one.
    func setSelectionProperty(_ view: CollectionView, _ name: String, _ value: Int32) throws -> Bool {
        let state = engine.state
        func boolean() throws -> Bool {
            guard state.type(at: value) == .boolean else { throw ScriptingError("\(name) must be a boolean, got \(state.typeName(at: value))") }
            return state.toBoolean(at: value)
        }
        switch name {
        case "delegate": try setDelegate(view, value)
        case "prefetchDataSource": try setPrefetchDataSource(view, value)
        case "allowsMultipleSelection": view.allowsMultipleSelection = try boolean()
        case "isEditing": view.setEditing(try boolean())
        case "isHidden": view.isHidden = try boolean()
        case "indexPathForSelectedRow", "indexPathsForSelectedRows", "indexPathsForSelectedItems":
            throw ScriptingError("\(name) is read-only (use selectRowAtIndexPath / deselectRowAtIndexPath)")
        default: return false
        }
        return true
    }

    /// The selection and editing methods of views (programmatic: no delegate call, as UIKit).
    static func selectionMethods(_ owner: CollectionViewClassesReference) -> [LuaMethodDeclaration<CollectionView>] {
        func select(_ name: String, _ doc: String, _ body: @escaping (CollectionView, IndexPath) throws -> Void)
            -> LuaMethodDeclaration<CollectionView> {
            .custom(name, doc, parameters: [.init("indexPath", "IndexPath")]) { view, state in
                try body(view, try owner.get().engine.checkIndexPath(state, 2))
                return 0
            }
        }
        return [
            select("selectRowAtIndexPath", """
                Selects a row without calling the delegate (`selectRow(at:animated:scrollPosition:)`); without \
                `allowsMultipleSelection` the others are deselected. An index path the view does not show is an error.
                """) { try $0.selectItem(at: $1) },
            select("selectItemAtIndexPath", "Collection-view name of `selectRowAtIndexPath`.") { try $0.selectItem(at: $1) },
            select("deselectRowAtIndexPath",
                   "Deselects a row without calling the delegate (`deselectRow(at:animated:)`); a row that is not selected is left alone.") {
                try $0.deselectItem(at: $1)
            },
            select("deselectItemAtIndexPath", "Collection-view name of `deselectRowAtIndexPath`.") { try $0.deselectItem(at: $1) },
            // UITableView's name of `reconfigureItems`.
            reconfigure(owner, "reconfigureRows", """
                Table-view name of `reconfigureItems`: the cells asked for again in place, without `prepareForReuse` \
                (the shown cell is dequeued as it is).
                """, type: "IndexPath[]"),
            .method("setEditing", "Enters or leaves editing mode (`setEditing(_:animated:)`), written in the trace.", "editing") {
                (view: CollectionView, editing: Bool) in view.setEditing(editing)
            },
        ]
    }
}
