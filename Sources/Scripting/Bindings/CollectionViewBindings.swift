import CollectionViews
import FetchedResults
import LuaBridge
import ObjectGraph

/// The Lua classes of the collection-view bindings, made once per engine by `installCollectionViews`.
final class CollectionViewClasses {
    unowned let engine: ScriptEngine
    init(engine: ScriptEngine) { self.engine = engine }

    lazy var view = makeView()
    lazy var batch = makeBatch()
    lazy var reusableView = makeReusableView()
    lazy var dataSource = makeDataSource()
    lazy var diffableDataSource = makeDiffableDataSource()
    lazy var snapshot = makeSnapshot()
    /// The Lua functions set as diffable supplementary view providers, by data source.
    @exclusivity(unchecked) var supplementaryProviderRefs: [ObjectIdentifier: LuaRef] = [:]
    /// The object behind `ripple.uikit`.
    lazy var uikitSettings = UIKitSettingsObject(engine: engine)
    /// The Lua functions set as post-update blocks, by data source (to give them back to Lua).
    @exclusivity(unchecked) var postUpdateRefs: [ObjectIdentifier: LuaRef] = [:]
}

/// The object behind `ripple.uikit` (its state is the engine's ``ScriptEngine/platform``).
final class UIKitSettingsObject {
    weak var engine: ScriptEngine?
    init(engine: ScriptEngine) { self.engine = engine }
}

extension ScriptEngine {
    /// Registers `ripple.collectionView`, `ripple.tableView`, `ripple.staticCollectionViewDataSource` and
    /// `ripple.fetchedCollectionViewDataSource` in the module table at `module`.
    func installCollectionViews(into module: Int32) {
        let classes = CollectionViewClasses(engine: self)
        state.register(in: module, name: "collectionView") { state in
            try classes.makeView(state, CollectionView(), function: "collectionView")
        }
        state.register(in: module, name: "tableView") { state in
            try classes.makeView(state, TableView(), function: "tableView")
        }
        classes.installUIKit(into: module)
        classes.installDiffable(into: module)
        collectionViewClasses = classes
        state.register(in: module, name: "staticCollectionViewDataSource") { state in
            let view = try classes.checkView(state, 1)
            state.push(object: StaticCollectionViewDataSource(collectionView: view), class: classes.dataSource)
            return 1
        }
        state.register(in: module, name: "fetchedCollectionViewDataSource") { [unowned self] state in
            let view = try classes.checkView(state, 1)
            let context = try state.object(2, as: ManagedObjectContext.self, className: "ManagedObjectContext")
            let source = FetchedCollectionViewDataSource(collectionView: view, managedObjectContext: context)
            source.checksInvariants = self.checksInvariants
            state.push(object: source, class: classes.dataSource)
            return 1
        }
    }
}

extension CollectionViewClasses {
    func checkView(_ state: LuaState, _ index: Int32) throws -> CollectionView {
        let view = try state.object(index, as: CollectionView.self, className: "CollectionView")
        return view
    }

    /// The index paths of the sequence at `index`.
    func indexPaths(_ state: LuaState, _ index: Int32) throws -> [IndexPath] {
        if state.object(at: index, as: IndexPathBox.self) != nil { return [try engine.checkIndexPath(state, index)] }
        try state.table(index)
        let table = state.absoluteIndex(index)
        var paths: [IndexPath] = []
        for i in 0..<state.rawLength(at: table) {
            state.rawGet(tableAt: table, index: i + 1)
            defer { state.pop() }
            guard let box = state.object(at: -1, as: IndexPathBox.self) else {
                throw LuaArgumentError(argument: index, message: "item \(i + 1): IndexPath expected, got \(state.typeName(at: -1))")
            }
            paths.append(box.value)
        }
        return paths
    }

    /// The section indexes of the sequence (or the single integer) at `index`.
    func sections(_ state: LuaState, _ index: Int32) throws -> [Int] {
        if state.type(at: index) == .number { return [try state.integer(index)] }
        try state.table(index)
        let table = state.absoluteIndex(index)
        var result: [Int] = []
        for i in 0..<state.rawLength(at: table) {
            state.rawGet(tableAt: table, index: i + 1)
            defer { state.pop() }
            guard state.isInteger(at: -1), let n = state.toInteger(at: -1) else {
                throw LuaArgumentError(argument: index, message: "item \(i + 1): integer expected, got \(state.typeName(at: -1))")
            }
            result.append(Int(n))
        }
        return result
    }

    /// Tells `batch` where the operation just added came from: `insertRows [0, 2] at contacts.lua:42`.
    func noteOrigin(_ batch: BatchUpdate, _ operation: String, _ paths: [IndexPath], _ state: LuaState) {
        let list = paths.map(\.description).joined(separator: ", ")
        batch.noteOrigin(operation + (list.isEmpty ? "" : " " + list) + " at " + (state.location(level: 1) ?? "?"))
    }

    /// Pushes what a view shows: `{ { cells = { {text = …}, … }, supplementaryViews = { header = {…} } }, … }`.
    func pushSnapshot(_ sections: [CollectionViewSection]) {
        let state = engine.state
        state.newTable(arrayCount: Int32(sections.count), recordCount: 0)
        for (s, section) in sections.enumerated() {
            state.newTable(arrayCount: 0, recordCount: 2)
            state.newTable(arrayCount: Int32(section.cells.count), recordCount: 0)
            for (i, cell) in section.cells.enumerated() {
                engine.pushDictionary(cell.content)
                state.rawSet(tableAt: -2, index: i + 1)
            }
            state.rawSet(tableAt: -2, key: "cells")
            state.newTable()
            for (kind, view) in section.supplementaryViews {
                engine.pushDictionary(view.content)
                state.rawSet(tableAt: -2, key: kind)
            }
            state.rawSet(tableAt: -2, key: "supplementaryViews")
            state.rawSet(tableAt: -2, index: s + 1)
        }
    }
}
