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
            guard let context = state.object(at: 2, as: ManagedObjectContext.self) else {
                throw LuaArgumentError(argument: 2, message: "ManagedObjectContext expected, got \(state.typeName(at: 2))")
            }
            let source = FetchedCollectionViewDataSource(collectionView: view, managedObjectContext: context)
            source.checksInvariants = self.checksInvariants
            state.push(object: source, class: classes.dataSource)
            return 1
        }
    }
}

extension CollectionViewClasses {
    func checkView(_ state: LuaState, _ index: Int32) throws -> CollectionView {
        guard let view = state.object(at: index, as: CollectionView.self) else {
            throw LuaArgumentError(argument: index, message: "CollectionView expected, got \(state.typeName(at: index))")
        }
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

    /// The batch operations, by every name they have (items and rows); argument 1 is the receiver.
    typealias BatchRunner = ((BatchUpdate) throws -> Void) throws -> Void

    func operations(_ batch: @escaping (LuaState) throws -> BatchRunner) -> [String: LuaState.Body] {
        var methods: [String: LuaState.Body] = [:]
        for word in ["Items", "Rows"] {
            methods["insert" + word] = { [unowned self] state in
                let paths = try self.indexPaths(state, 2)
                try batch(state)({ $0.insertItems(at: paths); self.noteOrigin($0, "insert" + word, paths, state) })
                return 0
            }
            methods["delete" + word] = { [unowned self] state in
                let paths = try self.indexPaths(state, 2)
                try batch(state)({ $0.deleteItems(at: paths); self.noteOrigin($0, "delete" + word, paths, state) })
                return 0
            }
            methods["reload" + word] = { [unowned self] state in
                let paths = try self.indexPaths(state, 2)
                try batch(state)({ $0.reloadItems(at: paths); self.noteOrigin($0, "reload" + word, paths, state) })
                return 0
            }
            methods["move" + word.dropLast()] = { [unowned self] state in
                let from = try self.engine.checkIndexPath(state, 2), to = try self.engine.checkIndexPath(state, 3)
                try batch(state)({
                    $0.moveItem(at: from, to: to)
                    self.noteOrigin($0, "move" + word.dropLast() + " \(from) -> \(to)", [], state)
                })
                return 0
            }
        }
        methods["insertSections"] = { [unowned self] state in
            let sections = try self.sections(state, 2)
            try batch(state)({ $0.insertSections(sections); self.noteOrigin($0, "insertSections \(sections)", [], state) })
            return 0
        }
        methods["deleteSections"] = { [unowned self] state in
            let sections = try self.sections(state, 2)
            try batch(state)({ $0.deleteSections(sections); self.noteOrigin($0, "deleteSections \(sections)", [], state) })
            return 0
        }
        methods["reloadSections"] = { [unowned self] state in
            let sections = try self.sections(state, 2)
            try batch(state)({ $0.reloadSections(sections); self.noteOrigin($0, "reloadSections \(sections)", [], state) })
            return 0
        }
        methods["moveSection"] = { [unowned self] state in
            let from = try state.integer(2), to = try state.integer(3)
            try batch(state)({ $0.moveSection(from, toSection: to); self.noteOrigin($0, "moveSection \(from) -> \(to)", [], state) })
            return 0
        }
        return methods
    }

    func makeBatch() -> LuaClass {
        LuaClass(
            name: "BatchUpdate",
            methods: operations { state in
                guard let batch = state.object(at: 1, as: BatchUpdate.self) else {
                    throw LuaArgumentError(argument: 1, message: "BatchUpdate expected, got \(state.typeName(at: 1))")
                }
                return { operation in try operation(batch) }
            },
            index: { _, key, _ in throw ScriptingError(undefinedKeyMessage(key, of: "BatchUpdate")) },
            tostring: { target in "BatchUpdate(\((target as! BatchUpdate).traceDescription()))" }
        )
    }

    func makeView() -> LuaClass {
        var methods = operations { [unowned self] state in
            let view = try self.checkView(state, 1)
            return { operation in try view.update(operation) }
        }
        methods["performBatchUpdates"] = { [unowned self] state in
            let view = try self.checkView(state, 1)
            let function = try state.function(2)
            try view.performBatchUpdates { batch in
                state.push(function)
                state.push(object: batch, class: self.batch)
                try state.pcall(arguments: 1, results: 0)
            }
            return 0
        }
        methods["beginUpdates"] = { [unowned self] state in
            let view = try self.checkView(state, 1)
            guard let table = view as? TableView else { throw ScriptingError("beginUpdates is a table view method") }
            try table.beginUpdates()
            return 0
        }
        methods["endUpdates"] = { [unowned self] state in
            let view = try self.checkView(state, 1)
            guard let table = view as? TableView else { throw ScriptingError("endUpdates is a table view method") }
            try table.endUpdates()
            return 0
        }
        addViewMethods(&methods)
        addSelectionMethods(&methods)
        methods["reloadData"] = { [unowned self] state in
            try self.checkView(state, 1).reloadData()
            return 0
        }
        methods["numberOfSections"] = { [unowned self] state in
            state.push(try self.checkView(state, 1).numberOfSections())
            return 1
        }
        let numberOfItems: LuaState.Body = { [unowned self] state in
            state.push(try self.checkView(state, 1).numberOfItems(inSection: try state.integer(2)))
            return 1
        }
        methods["numberOfItemsInSection"] = numberOfItems
        methods["numberOfRowsInSection"] = numberOfItems
        let cellAt: LuaState.Body = { [unowned self] state in
            let view = try self.checkView(state, 1)
            if let cell = try view.cellForItem(at: try self.engine.checkIndexPath(state, 2)) {
                state.push(object: cell, class: self.reusableView)
            } else {
                state.pushNil()
            }
            return 1
        }
        methods["cellForItemAtIndexPath"] = cellAt
        methods["cellForRowAtIndexPath"] = cellAt
        methods["reconfigureItems"] = { [unowned self] state in
            try self.checkView(state, 1).reconfigureItems(at: try self.indexPaths(state, 2))
            return 0
        }
        methods["snapshot"] = { [unowned self] state in
            let sections = try self.checkView(state, 1).snapshot()
            try WorkBudget.charge(sections.reduce(1) { $0 + $1.slots.count } * WorkBudget.unitsPerItem)
            self.pushSnapshot(sections)
            return 1
        }
        methods["describe"] = { [unowned self] state in
            let sections = try self.checkView(state, 1).snapshot()
            try WorkBudget.charge(sections.reduce(1) { $0 + $1.slots.count } * WorkBudget.unitsPerItem)
            self.engine.push(strings: sections.enumerated().map { "\($0.offset): \($0.element)" })
            return 1
        }
        let properties = CollectionViewClasses.viewProperties
        return LuaClass(
            name: "CollectionView",
            properties: properties,
            methods: methods,
            getter: { [unowned self] target, slot, state in
                let view = target as! CollectionView
                switch slot {
                case 0: state.push(view.name)
                case 1: self.pushDataSource(of: view)
                case 2: state.push(view.batchUpdateCount)
                case 3: state.push(view.isUpdating)
                default: try self.getViewProperty(view, properties[slot])
                }
            },
            setter: { [unowned self] target, slot, state, value in
                try self.setViewProperty(target as! CollectionView, properties[slot], value)
            },
            index: { _, key, _ in throw ScriptingError(undefinedKeyMessage(key, of: "CollectionView")) },
            tostring: { target in
                let view = target as! CollectionView
                return (view is TableView ? "TableView(" : "CollectionView(") + view.name + ")"
            }
        )
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

    /// Cells and supplementary views: `reuseIdentifier`, `className`, `elementKind`, and any other field
    /// as content (`cell.text = "Ann"`).
    func makeReusableView() -> LuaClass {
        LuaClass(
            name: "CollectionReusableView",
            properties: ["reuseIdentifier", "className", "elementKind"],
            getter: { target, slot, state in
                let view = target as! CollectionReusableView
                switch slot {
                case 0: state.push(view.reuseIdentifier)
                case 1: state.push(view.className)
                default: if let kind = view.elementKind { state.push(kind) } else { state.pushNil() }
                }
            },
            index: { [unowned self] target, key, _ in
                let value = (target as! CollectionReusableView)[key]
                if value.isNull { return false }
                self.engine.push(value)
                return true
            },
            newIndex: { [unowned self] target, key, _, value in
                (target as! CollectionReusableView)[key] = try self.engine.value(at: value)
                return true
            },
            tostring: { target in
                let view = target as! CollectionReusableView
                return "\(view.reuseIdentifier) \(view)"
            }
        )
    }
}
