import CollectionViews
import FetchedResults
import LuaBridge
import ObjectGraph

/// A snapshot as Lua holds it: mutable in place (`snapshot:appendItems(…)`), copied by `snapshot:copy()`
/// and by `dataSource:snapshot()`.
final class SnapshotBox {
    @exclusivity(unchecked) var value: DiffableDataSourceSnapshot
    /// The fetched-results controller's own description (object display names), until the snapshot changes.
    @exclusivity(unchecked) var fetchedDescription: String?
    init(_ value: DiffableDataSourceSnapshot, fetchedDescription: String? = nil) {
        self.value = value
        self.fetchedDescription = fetchedDescription
    }
}

extension CollectionViewClasses {
    /// Registers `ripple.snapshot`, `ripple.tableViewDiffableDataSource` and
    /// `ripple.collectionViewDiffableDataSource` in the module table at `module`.
    func installDiffable(into module: Int32) {
        let state = engine.state
        state.register(in: module, name: "snapshot") { [unowned self] state in
            state.push(object: SnapshotBox(DiffableDataSourceSnapshot()), class: self.snapshot)
            return 1
        }
        for (name, isTable) in [("tableViewDiffableDataSource", true), ("collectionViewDiffableDataSource", false)] {
            state.register(in: module, name: name) { [unowned self] state in
                let view = try self.checkView(state, 1)
                guard (view is TableView) == isTable else {
                    throw ScriptingError("ripple.\(name) needs a \(isTable ? "table" : "collection") view, got \(view is TableView ? "a table" : "a collection") view")
                }
                let provider = try state.function(2)
                let source = DiffableDataSource(collectionView: view) { [unowned self] view, indexPath, item in
                    try self.callCellProvider(provider, view, indexPath, item)
                }
                state.push(object: source, class: self.diffableDataSource)
                return 1
            }
        }
    }

    func callCellProvider(_ provider: LuaRef, _ view: CollectionView, _ indexPath: IndexPath,
                          _ item: DiffableIdentifier) throws -> CollectionReusableView? {
        // `ripple.explore` notes the object a controller handed out while the cell was configured.
        guard let watch = engine.exploreWatch else { return try provideCell(provider, view, indexPath, item) }
        let outer = watch.beginConfiguring()
        var cell: CollectionReusableView?
        defer { watch.endConfiguring(cell, outer) }
        cell = try provideCell(provider, view, indexPath, item)
        return cell
    }

    /// Calls the Lua cell provider and reads the cell it returns.
    func provideCell(_ provider: LuaRef, _ view: CollectionView, _ indexPath: IndexPath,
                     _ item: DiffableIdentifier) throws -> CollectionReusableView? {
        let state = engine.state
        state.push(provider)
        push(view: view)
        engine.push(indexPath: indexPath)
        push(identifier: item)
        do { try state.pcall(arguments: 3, results: 1) } catch {
            throw ScriptingError("cellProvider(\(indexPath), \(item)) failed: \(error.message)")
        }
        defer { state.pop() }
        if state.type(at: -1) == .nil { return nil }
        guard let cell = state.object(at: -1, as: CollectionReusableView.self), cell.elementKind == nil else {
            throw ScriptingError("cellProvider(\(indexPath), \(item)) must return a cell (view:dequeueReusableCell(identifier, indexPath)), got \(state.typeName(at: -1))")
        }
        return cell
    }

    func callSupplementaryProvider(_ provider: LuaRef, _ view: CollectionView, _ kind: String,
                                   _ indexPath: IndexPath) throws -> CollectionReusableView? {
        let state = engine.state
        state.push(provider)
        push(view: view)
        state.push(kind)
        engine.push(indexPath: indexPath)
        do { try state.pcall(arguments: 3, results: 1) } catch {
            throw ScriptingError("supplementaryViewProvider(\(kind), \(indexPath)) failed: \(error.message)")
        }
        defer { state.pop() }
        if state.type(at: -1) == .nil { return nil }
        guard let view = state.object(at: -1, as: CollectionReusableView.self) else {
            throw ScriptingError("supplementaryViewProvider(\(kind), \(indexPath)) must return a view (view:dequeueReusableSupplementaryView(kind, identifier, indexPath)), got \(state.typeName(at: -1))")
        }
        return view
    }

    // MARK: - Identifiers

    func push(identifier: DiffableIdentifier) {
        let state = engine.state
        switch identifier {
        case .string(let s):
            // An object ID travels as its URI; Lua gets the ID value back.
            if let box = engine.classes.objectIDs.box(forURI: s) {
                state.push(object: box, class: engine.classes.objectID)
            } else {
                state.push(s)
            }
        case .integer(let i): state.push(i)
        case .double(let d): state.push(d)
        case .bool(let b): state.push(b)
        }
    }

    func push(identifiers: [DiffableIdentifier]) {
        let state = engine.state
        state.newTable(arrayCount: Int32(identifiers.count), recordCount: 0)
        for (i, id) in identifiers.enumerated() {
            push(identifier: id)
            state.rawSet(tableAt: -2, index: i + 1)
        }
    }

    func identifier(at index: Int32) throws -> DiffableIdentifier {
        let state = engine.state
        switch state.type(at: index) {
        case .string: return .string(state.toString(at: index) ?? "")
        case .number:
            if state.isInteger(at: index), let i = state.toInteger(at: index) { return .integer(i) }
            return .double(state.toNumber(at: index) ?? 0)
        case .boolean: return .bool(state.toBoolean(at: index))
        default:
            if let box = state.object(at: index, as: ObjectIDBox.self) { return .string(box.id.uriRepresentation) }
            let hint = state.object(at: index, as: ManagedObject.self) != nil ? " (use object.objectID)" : ""
            throw ScriptingError("an identifier must be a string, number or boolean, got \(state.typeName(at: index))\(hint)")
        }
    }

    /// A sequence of identifiers (or a single one) at `index`.
    func identifiers(at index: Int32) throws -> [DiffableIdentifier] {
        let state = engine.state
        guard state.type(at: index) == .table else { return [try identifier(at: index)] }
        let table = state.absoluteIndex(index)
        var result: [DiffableIdentifier] = []
        for i in 0..<state.rawLength(at: table) {
            state.rawGet(tableAt: table, index: i + 1)
            defer { state.pop() }
            result.append(try identifier(at: -1))
        }
        return result
    }

    func checkSnapshot(_ state: LuaState, _ index: Int32) throws -> SnapshotBox {
        guard let box = state.object(at: index, as: SnapshotBox.self) else {
            throw LuaArgumentError(argument: index, message: "Snapshot expected, got \(state.typeName(at: index))")
        }
        return box
    }

    /// Pushes a fetched-results controller's snapshot as a diffable snapshot: section names, object-ID
    /// URIs, the reloaded objects marked for reload.
    func push(fetchedSnapshot snapshot: FetchedResultsSnapshot, model: ManagedObjectModel) {
        // Every item's ID gets its Lua value now, so identifiers come back to Lua as object IDs.
        for items in snapshot.sectionItems {
            for id in items {
                if let entity = model.entity(named: id.entityName) { _ = engine.classes.objectIDs.box(for: id, entity: entity) }
            }
        }
        var value = DiffableDataSourceSnapshot()
        try? value.appendSections(snapshot.sectionIdentifiers.map { .string($0) })
        for (name, items) in zip(snapshot.sectionIdentifiers, snapshot.sectionItems) {
            _ = try? value.appendItems(items.map { .string($0.uriRepresentation) }, toSection: .string(name))
        }
        try? value.reloadItems(snapshot.reloadedItemIdentifiers.map { .string($0.uriRepresentation) })
        engine.state.push(object: SnapshotBox(value, fetchedDescription: snapshot.description), class: self.snapshot)
    }

    // MARK: - Classes

    func makeSnapshot() -> LuaClass {
        typealias Mutation = (inout DiffableDataSourceSnapshot, LuaState) throws -> [String]
        func mutating(_ body: @escaping Mutation) -> LuaState.Body {
            { [unowned self] state in
                let box = try self.checkSnapshot(state, 1)
                var copy = box.value
                let warnings = try body(&copy, state)
                box.value = copy
                box.fetchedDescription = nil
                for warning in warnings { self.engine.log.record(warning) }
                return 0
            }
        }
        let methods: [String: LuaState.Body] = [
            "appendSections": mutating { s, state in try s.appendSections(try self.identifiers(at: 2)); return [] },
            "insertSectionsBeforeSection": mutating { s, state in
                try s.insertSections(try self.identifiers(at: 2), relativeTo: try self.identifier(at: 3), after: false); return []
            },
            "insertSectionsAfterSection": mutating { s, state in
                try s.insertSections(try self.identifiers(at: 2), relativeTo: try self.identifier(at: 3), after: true); return []
            },
            "deleteSections": mutating { s, state in s.deleteSections(try self.identifiers(at: 2)); return [] },
            "moveSectionBeforeSection": mutating { s, state in
                try s.moveSection(try self.identifier(at: 2), relativeTo: try self.identifier(at: 3), after: false); return []
            },
            "moveSectionAfterSection": mutating { s, state in
                try s.moveSection(try self.identifier(at: 2), relativeTo: try self.identifier(at: 3), after: true); return []
            },
            "reloadSections": mutating { s, state in try s.reloadSections(try self.identifiers(at: 2)); return [] },
            "appendItems": mutating { s, state in
                let section = state.isNoneOrNil(3) ? nil : try self.identifier(at: 3)
                return try s.appendItems(try self.identifiers(at: 2), toSection: section)
            },
            "insertItemsBeforeItem": mutating { s, state in
                try s.insertItems(try self.identifiers(at: 2), relativeTo: try self.identifier(at: 3), after: false)
            },
            "insertItemsAfterItem": mutating { s, state in
                try s.insertItems(try self.identifiers(at: 2), relativeTo: try self.identifier(at: 3), after: true)
            },
            "deleteItems": mutating { s, state in s.deleteItems(try self.identifiers(at: 2)); return [] },
            "deleteAllItems": mutating { s, _ in s.deleteAllItems(); return [] },
            "moveItemBeforeItem": mutating { s, state in
                try s.moveItem(try self.identifier(at: 2), relativeTo: try self.identifier(at: 3), after: false); return []
            },
            "moveItemAfterItem": mutating { s, state in
                try s.moveItem(try self.identifier(at: 2), relativeTo: try self.identifier(at: 3), after: true); return []
            },
            "reloadItems": mutating { s, state in try s.reloadItems(try self.identifiers(at: 2)); return [] },
            "reconfigureItems": mutating { s, state in try s.reconfigureItems(try self.identifiers(at: 2)); return [] },
            "itemIdentifiersInSection": { [unowned self] state in
                let box = try self.checkSnapshot(state, 1)
                self.push(identifiers: try box.value.itemIdentifiers(inSection: try self.identifier(at: 2)))
                return 1
            },
            "numberOfItemsInSection": { [unowned self] state in
                let box = try self.checkSnapshot(state, 1)
                state.push(try box.value.numberOfItems(inSection: try self.identifier(at: 2)))
                return 1
            },
            "indexOfItem": { [unowned self] state in
                let box = try self.checkSnapshot(state, 1)
                if let i = box.value.indexOfItem(try self.identifier(at: 2)) { state.push(i) } else { state.pushNil() }
                return 1
            },
            "indexOfSection": { [unowned self] state in
                let box = try self.checkSnapshot(state, 1)
                if let i = box.value.indexOfSection(try self.identifier(at: 2)) { state.push(i) } else { state.pushNil() }
                return 1
            },
            "sectionIdentifierForSectionContainingItem": { [unowned self] state in
                let box = try self.checkSnapshot(state, 1)
                if let id = box.value.sectionIdentifier(containingItem: try self.identifier(at: 2)) {
                    self.push(identifier: id)
                } else {
                    state.pushNil()
                }
                return 1
            },
            "copy": { [unowned self] state in
                let box = try self.checkSnapshot(state, 1)
                state.push(object: SnapshotBox(box.value, fetchedDescription: box.fetchedDescription), class: self.snapshot)
                return 1
            },
        ]
        let properties = ["sectionIdentifiers", "itemIdentifiers", "numberOfItems", "numberOfSections",
                          "reloadedItemIdentifiers", "reconfiguredItemIdentifiers", "description"]
        return LuaClass(
            name: "Snapshot",
            properties: properties,
            methods: methods,
            getter: { [unowned self] target, slot, state in
                let box = target as! SnapshotBox
                switch properties[slot] {
                case "sectionIdentifiers": self.push(identifiers: box.value.sectionIdentifiers)
                case "itemIdentifiers": self.push(identifiers: box.value.itemIdentifiers)
                case "numberOfItems": state.push(box.value.numberOfItems)
                case "numberOfSections": state.push(box.value.numberOfSections)
                case "reloadedItemIdentifiers": self.push(identifiers: box.value.reloadedItemIdentifiers)
                case "reconfiguredItemIdentifiers": self.push(identifiers: box.value.reconfiguredItemIdentifiers)
                default: state.push(box.fetchedDescription ?? box.value.description)
                }
            },
            index: { _, key, _ in throw ScriptingError(undefinedKeyMessage(key, of: "Snapshot")) },
            tostring: { target in
                let box = target as! SnapshotBox
                return "Snapshot(\(box.fetchedDescription ?? box.value.description))"
            }
        )
    }

    func checkDiffable(_ state: LuaState) throws -> DiffableDataSource {
        guard let source = state.object(at: 1, as: DiffableDataSource.self) else {
            throw LuaArgumentError(argument: 1, message: "DiffableDataSource expected, got \(state.typeName(at: 1))")
        }
        return source
    }

    func makeDiffableDataSource() -> LuaClass {
        let methods: [String: LuaState.Body] = [
            "apply": { [unowned self] state in
                let source = try self.checkDiffable(state)
                let box = try self.checkSnapshot(state, 2)
                try WorkBudget.charge((box.value.numberOfItems + source.snapshot().numberOfItems + 1) * WorkBudget.unitsPerItem)
                try source.apply(box.value, animatingDifferences: state.isNoneOrNil(3) ? true : state.toBoolean(at: 3),
                                 description: box.fetchedDescription)
                return 0
            },
            "applySnapshotUsingReloadData": { [unowned self] state in
                let source = try self.checkDiffable(state)
                try source.applySnapshotUsingReloadData(try self.checkSnapshot(state, 2).value)
                return 0
            },
            "snapshot": { [unowned self] state in
                state.push(object: SnapshotBox(try self.checkDiffable(state).snapshot()), class: self.snapshot)
                return 1
            },
            "itemIdentifierForIndexPath": { [unowned self] state in
                let source = try self.checkDiffable(state)
                if let id = source.itemIdentifier(for: try self.engine.checkIndexPath(state, 2)) {
                    self.push(identifier: id)
                } else {
                    state.pushNil()
                }
                return 1
            },
            "indexPathForItemIdentifier": { [unowned self] state in
                let source = try self.checkDiffable(state)
                self.engine.push(indexPath: source.indexPath(for: try self.identifier(at: 2)))
                return 1
            },
        ]
        let properties = ["collectionView", "tableView", "supplementaryViewProvider", "supplementaryElementKinds"]
        return LuaClass(
            name: "DiffableDataSource",
            properties: properties,
            methods: methods,
            getter: { [unowned self] target, slot, state in
                let source = target as! DiffableDataSource
                switch slot {
                case 0, 1: if let view = source.collectionView { self.push(view: view) } else { state.pushNil() }
                case 2:
                    if let ref = self.supplementaryProviderRefs[ObjectIdentifier(source)] { state.push(ref) } else { state.pushNil() }
                default: self.engine.push(strings: source.supplementaryElementKinds)
                }
            },
            setter: { [unowned self] target, slot, state, value in
                let source = target as! DiffableDataSource
                switch slot {
                case 2:
                    if state.isNoneOrNil(value) {
                        source.supplementaryViewProvider = nil
                        self.supplementaryProviderRefs[ObjectIdentifier(source)] = nil
                        return
                    }
                    let function = try state.function(value)
                    self.supplementaryProviderRefs[ObjectIdentifier(source)] = function
                    source.supplementaryViewProvider = { [unowned self] view, kind, indexPath in
                        try self.callSupplementaryProvider(function, view, kind, indexPath)
                    }
                case 3:
                    guard state.type(at: value) == .table else {
                        throw ScriptingError("supplementaryElementKinds must be a sequence of strings, got \(state.typeName(at: value))")
                    }
                    var kinds: [String] = []
                    for i in 0..<state.rawLength(at: value) {
                        state.rawGet(tableAt: value, index: i + 1)
                        defer { state.pop() }
                        guard state.type(at: -1) == .string, let kind = state.toString(at: -1) else {
                            throw ScriptingError("supplementaryElementKinds item \(i + 1) must be a string, got \(state.typeName(at: -1))")
                        }
                        kinds.append(kind)
                    }
                    source.supplementaryElementKinds = kinds
                default: throw ScriptingError("\(properties[slot]) is read-only")
                }
            },
            index: { _, key, _ in throw ScriptingError(undefinedKeyMessage(key, of: "DiffableDataSource")) },
            tostring: { _ in "DiffableDataSource" }
        )
    }
}
