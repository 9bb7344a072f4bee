import CollectionViews
import FetchedResults
import LuaBridge
import ObjectGraph

/// A snapshot as Lua holds it: mutable in place (`snapshot:appendItems(…)`), copied by `snapshot:copy()`
/// and by `dataSource:snapshot()`.
final class SnapshotBox {
    @exclusivity(unchecked) var value: DiffableDataSourceSnapshot
    /// A fetched-results controller's sections with its objects' display names, as the trace and
    /// `description` show them, until the snapshot changes.
    @exclusivity(unchecked) var fetchedNames: [CollectionViewEvent.SnapshotSection]?
    init(_ value: DiffableDataSourceSnapshot, fetchedNames: [CollectionViewEvent.SnapshotSection]? = nil) {
        self.value = value
        self.fetchedNames = fetchedNames
    }

    /// The fetched-results controller's own description (object display names), until the snapshot changes.
    var fetchedDescription: String? { fetchedNames.map { $0.map(\.description).joined(separator: "; ") } }

    /// The sections of a fetched-results controller's snapshot as its description writes them (an unnamed
    /// section as `""`).
    static func names(of snapshot: FetchedResultsSnapshot) -> [CollectionViewEvent.SnapshotSection] {
        zip(snapshot.sectionIdentifiers, snapshot.sectionItems).map { name, items in
            CollectionViewEvent.SnapshotSection(name: name, written: name.isEmpty ? "\"\"" : name, items: items.map(\.displayName))
        }
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
        let box = try state.object(index, as: SnapshotBox.self, className: "Snapshot")
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
        engine.state.push(object: SnapshotBox(value, fetchedNames: SnapshotBox.names(of: snapshot)), class: self.snapshot)
    }
}
