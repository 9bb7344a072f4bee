import CollectionViews
import FetchedResults
import LuaBridge
import ObjectGraph

/// A data source written in Lua: a table (or any object whose fields Lua can read, such as a view
/// controller or a table with a metatable) implementing the data-source protocol with Cocoa's names.
///
/// Table views ask `numberOfSections(view)`, `numberOfRowsInSection(view, section)`,
/// `cellForRowAtIndexPath(view, indexPath)`, `titleForHeaderInSection(view, section)`,
/// `titleForFooterInSection(view, section)` and `sectionIndexTitles(view)`; collection views
/// `numberOfItemsInSection` and `cellForItemAtIndexPath` instead of the row names, and
/// `viewForSupplementaryElementOfKind(view, kind, indexPath)` for each kind of the data source's
/// `supplementaryElementKinds` sequence. Missing optional methods take UIKit's defaults (one section, no
/// titles); a missing required method is UIKit's `unrecognized selector` error. Methods are looked up
/// (with `__index`) at every call, as Objective-C sends messages.
final class LuaCollectionViewDataSource: CollectionViewDataSource {
    unowned let classes: CollectionViewClasses
    /// The Lua object.
    let object: LuaRef
    let isTable: Bool

    init(classes: CollectionViewClasses, object: LuaRef, isTable: Bool) {
        self.classes = classes
        self.object = object
        self.isTable = isTable
    }

    var engine: ScriptEngine { classes.engine }
    var state: LuaState { engine.state }

    var countMethod: String { isTable ? "numberOfRowsInSection" : "numberOfItemsInSection" }
    var cellMethod: String { isTable ? "cellForRowAtIndexPath" : "cellForItemAtIndexPath" }

    /// UIKit's selector for a Lua method name, for the `unrecognized selector` message.
    func selector(_ method: String) -> String {
        switch method {
        case "numberOfRowsInSection": return "tableView:numberOfRowsInSection:"
        case "cellForRowAtIndexPath": return "tableView:cellForRowAtIndexPath:"
        case "numberOfItemsInSection": return "collectionView:numberOfItemsInSection:"
        default: return "collectionView:cellForItemAtIndexPath:"
        }
    }

    /// Whether the object has a function under `name` (read with `__index`, under `lua_pcall`).
    func implements(_ name: String) throws -> Bool {
        state.push(object)
        defer { state.pop() }
        guard let pushed = try LuaMethodLookup.push(name, of: -1, in: state) else { return false }
        state.pop(pushed)
        return true
    }

    /// The error of a missing required method.
    func unrecognized(_ method: String) -> ScriptingError {
        ScriptingError("-[\(isTable ? "UITableView" : "UICollectionView") dataSource \(selector(method))]: unrecognized selector sent to instance (the data source has no function \(method))")
    }

    /// Checks that both required methods are there.
    func checkRequiredMethods() throws {
        for method in [countMethod, cellMethod] where !(try implements(method)) { throw unrecognized(method) }
    }

    /// Calls `name(view, …)` (or `object:name(view, …)`, see ``LuaMethodLookup``) keeping one result on the
    /// stack; returns false (nothing pushed) when the method is missing. A Lua error becomes
    /// `name(args) failed: message`.
    func call(_ name: String, _ view: CollectionView, describing arguments: String,
              _ pushArguments: () -> Int32) throws -> Bool {
        state.push(object)
        let pushed: Int32?
        do { pushed = try LuaMethodLookup.push(name, of: -1, in: state, owner: "the data source") } catch {
            state.pop()
            throw ScriptingError(error.message.hasSuffix(", not a function") ? error.message : "\(name) could not be read from the data source: \(error.message)")
        }
        state.remove(at: -1 - (pushed ?? 0))
        guard let pushed else { return false }
        classes.push(view: view)
        let count = pushArguments()
        do {
            try state.pcall(arguments: pushed + count, results: 1)
        } catch {
            throw ScriptingError("\(name)(\(arguments)) failed: \(error.message)")
        }
        return true
    }

    /// Pops a count returned by `name`.
    func popCount(_ name: String, _ arguments: String) throws -> Int {
        defer { state.pop() }
        guard state.type(at: -1) == .number else {
            throw ScriptingError("\(name)(\(arguments)) must return an integer, got \(state.typeName(at: -1))")
        }
        guard state.isInteger(at: -1), let n = state.toInteger(at: -1) else {
            let value = state.toNumber(at: -1).map { "\($0)" } ?? "?"
            throw ScriptingError("\(name)(\(arguments)) must return an integer, got \(value)")
        }
        return Int(n)
    }

    func numberOfSections(in collectionView: CollectionView) throws -> Int {
        engine.exploreWatch?.beginAsking(collectionView)
        defer { engine.exploreWatch?.endAsking() }
        guard try call("numberOfSections", collectionView, describing: "", { 0 }) else { return 1 }
        return try popCount("numberOfSections", "")
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) throws -> Int {
        engine.exploreWatch?.beginAsking(collectionView)
        defer { engine.exploreWatch?.endAsking() }
        let method = countMethod
        guard try call(method, collectionView, describing: "\(section)", { state.push(section); return 1 }) else {
            throw unrecognized(method)
        }
        return try popCount(method, "\(section)")
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
        -> CollectionReusableView? {
        guard let watch = engine.exploreWatch else { return try configureCell(collectionView, indexPath) }
        let outer = watch.beginConfiguring()
        watch.beginAsking(collectionView)
        var cell: CollectionReusableView?
        defer { watch.endAsking(); watch.endConfiguring(cell, outer) }
        cell = try configureCell(collectionView, indexPath)
        return cell
    }

    /// Calls the Lua `cellForRowAtIndexPath` / `cellForItemAtIndexPath` and reads the cell it returns.
    func configureCell(_ collectionView: CollectionView, _ indexPath: IndexPath) throws -> CollectionReusableView? {
        let method = cellMethod
        guard try call(method, collectionView, describing: indexPath.description, {
            engine.push(indexPath: indexPath)
            return 1
        }) else { throw unrecognized(method) }
        defer { state.pop() }
        switch state.type(at: -1) {
        case .nil: return nil
        case .table:
            // A plain table stands for a cell the data source made itself (not reused).
            let cell = CollectionReusableView(reuseIdentifier: "", className: isTable ? "UITableViewCell" : "UICollectionViewCell")
            let table = state.absoluteIndex(-1)
            try state.forEachPair(inTableAt: table) { key, value in
                guard state.type(at: key) == .string, let name = state.toString(at: key) else { return }
                cell[name] = try engine.value(at: value)
            }
            return cell
        default:
            if let cell = state.object(at: -1, as: CollectionReusableView.self), cell.elementKind == nil { return cell }
            throw ScriptingError("\(method)(\(indexPath)) must return a cell (view:dequeueReusableCell(identifier, indexPath) or a table), got \(state.typeName(at: -1))")
        }
    }

    func supplementaryElementKinds(in collectionView: CollectionView) throws -> [String] {
        if isTable {
            var kinds: [String] = []
            if try implements("titleForHeaderInSection") { kinds.append("header") }
            if try implements("titleForFooterInSection") { kinds.append("footer") }
            return kinds
        }
        state.push(object)
        defer { state.pop() }
        let type: LuaType
        do { type = try state.getField(tableAt: -1, key: "supplementaryElementKinds") } catch {
            throw ScriptingError("supplementaryElementKinds could not be read from the data source: \(error.message)")
        }
        defer { state.pop() }
        if type == .nil { return [] }
        guard type == .table else {
            throw ScriptingError("supplementaryElementKinds must be a sequence of strings, got \(state.typeName(at: -1))")
        }
        let table = state.absoluteIndex(-1)
        var kinds: [String] = []
        for i in 0..<state.rawLength(at: table) {
            state.rawGet(tableAt: table, index: i + 1)
            defer { state.pop() }
            guard state.type(at: -1) == .string, let kind = state.toString(at: -1) else {
                throw ScriptingError("supplementaryElementKinds item \(i + 1) must be a string, got \(state.typeName(at: -1))")
            }
            kinds.append(kind)
        }
        return kinds
    }

    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) throws -> CollectionReusableView? {
        if isTable {
            let method = kind == "header" ? "titleForHeaderInSection" : "titleForFooterInSection"
            guard try call(method, collectionView, describing: "\(indexPath.section)", {
                state.push(indexPath.section)
                return 1
            }) else { return nil }
            defer { state.pop() }
            if state.type(at: -1) == .nil { return nil }
            guard state.type(at: -1) == .string, let title = state.toString(at: -1) else {
                throw ScriptingError("\(method)(\(indexPath.section)) must return a string or nil, got \(state.typeName(at: -1))")
            }
            let view = CollectionReusableView(reuseIdentifier: kind, className: "UITableViewHeaderFooterView", elementKind: kind)
            view["title"] = .string(title)
            return view
        }
        guard try call("viewForSupplementaryElementOfKind", collectionView, describing: "\(kind), \(indexPath)", {
            state.push(kind)
            engine.push(indexPath: indexPath)
            return 2
        }) else { return nil }
        defer { state.pop() }
        if state.type(at: -1) == .nil { return nil }
        guard let view = state.object(at: -1, as: CollectionReusableView.self) else {
            throw ScriptingError("viewForSupplementaryElementOfKind(\(kind), \(indexPath)) must return a view (view:dequeueReusableSupplementaryView(kind, identifier, indexPath)), got \(state.typeName(at: -1))")
        }
        return view
    }

    /// `sectionIndexTitles(view)`: the titles of the section index (nil when the method is missing).
    func sectionIndexTitles(_ view: CollectionView) throws -> [String]? {
        guard try call("sectionIndexTitles", view, describing: "", { 0 }) else { return nil }
        defer { state.pop() }
        if state.type(at: -1) == .nil { return nil }
        guard state.type(at: -1) == .table else {
            throw ScriptingError("sectionIndexTitles() must return a sequence of strings, got \(state.typeName(at: -1))")
        }
        let table = state.absoluteIndex(-1)
        var titles: [String] = []
        for i in 0..<state.rawLength(at: table) {
            state.rawGet(tableAt: table, index: i + 1)
            defer { state.pop() }
            guard state.type(at: -1) == .string, let title = state.toString(at: -1) else {
                throw ScriptingError("sectionIndexTitles() item \(i + 1) must be a string, got \(state.typeName(at: -1))")
            }
            titles.append(title)
        }
        return titles
    }
}
