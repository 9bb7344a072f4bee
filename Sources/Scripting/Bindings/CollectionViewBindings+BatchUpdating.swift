import CollectionViews
import LuaBridge

extension CollectionViewClasses {
    /// The batch operations a batch (`performBatchUpdates`) and a view (outside a batch, each call is a
    /// batch of its own) both have, declared once: ``makeBatch()`` and ``makeView()`` adopt it with their bodies.
    static let batchUpdating = LuaProtocolDeclaration(
        "BatchUpdating",
        """
        The batch operations shared by a batch (`performBatchUpdates`) and a view (outside a batch, each call is
        a batch of its own). Index paths use the old indexes for deletes, reloads and move sources, the new ones
        for inserts and move destinations.
        """,
        conformer: .bridgedClasses,
        [
            .required("insertItems", "Inserts items at index paths (one `IndexPath` or an array).", [indexPathsParameter]),
            .required("deleteItems", "Deletes items at index paths.", [indexPathsParameter]),
            .required("reloadItems", "Reloads items at index paths (a delete plus an insert).", [indexPathsParameter]),
            .required("moveItem", "Moves an item; it keeps its cell.", [.init("from", "IndexPath"), .init("to", "IndexPath")]),
            .required("insertRows", "Table-view name of `insertItems`.", [indexPathsParameter]),
            .required("deleteRows", "Table-view name of `deleteItems`.", [indexPathsParameter]),
            .required("reloadRows", "Table-view name of `reloadItems`.", [indexPathsParameter]),
            .required("moveRow", "Table-view name of `moveItem`.", [.init("from", "IndexPath"), .init("to", "IndexPath")]),
            .required("insertSections", "Inserts sections (one index or an array, 0-based).", [sectionsParameter]),
            .required("deleteSections", "Deletes sections.", [sectionsParameter]),
            .required("reloadSections", "Reloads sections.", [sectionsParameter]),
            .required("moveSection", "Moves a section.", [.init("from", "integer"), .init("to", "integer")]),
        ])

    static let indexPathsParameter = LuaParameterDeclaration("indexPaths", "IndexPath|IndexPath[]")
    static let sectionsParameter = LuaParameterDeclaration("sections", "integer|integer[]")

    /// Runs one operation on a receiver's batch: the batch itself, or a batch of its own for a view.
    typealias BatchOperationRunner<Object> = (Object, (BatchUpdate) throws -> Void) throws -> Void

    /// The body of a ``batchUpdating`` member on a receiver whose batch `run` reaches: it reads the
    /// arguments, then adds the operation with its origin (`insertRows [0, 2] at contacts.lua:42`).
    static func batchOperation<Object>(_ member: LuaProtocolDeclaration.Member, _ owner: CollectionViewClassesReference,
                                       _ run: @escaping BatchOperationRunner<Object>) -> (Object, LuaState) throws -> Int32 {
        let name = member.name
        switch name {
        case "insertItems", "insertRows":
            return { object, state in
                let classes = try owner.get()
                let paths = try classes.indexPaths(state, 2)
                try run(object) { $0.insertItems(at: paths); classes.noteOrigin($0, name, paths, state) }
                return 0
            }
        case "deleteItems", "deleteRows":
            return { object, state in
                let classes = try owner.get()
                let paths = try classes.indexPaths(state, 2)
                try run(object) { $0.deleteItems(at: paths); classes.noteOrigin($0, name, paths, state) }
                return 0
            }
        case "reloadItems", "reloadRows":
            return { object, state in
                let classes = try owner.get()
                let paths = try classes.indexPaths(state, 2)
                try run(object) { $0.reloadItems(at: paths); classes.noteOrigin($0, name, paths, state) }
                return 0
            }
        case "moveItem", "moveRow":
            return { object, state in
                let classes = try owner.get()
                let from = try classes.engine.checkIndexPath(state, 2), to = try classes.engine.checkIndexPath(state, 3)
                try run(object) { $0.moveItem(at: from, to: to); classes.noteOrigin($0, "\(name) \(from) -> \(to)", [], state) }
                return 0
            }
        case "insertSections", "deleteSections", "reloadSections":
            return { object, state in
                let classes = try owner.get()
                let sections = try classes.sections(state, 2)
                try run(object) { batch in
                    switch name {
                    case "insertSections": batch.insertSections(sections)
                    case "deleteSections": batch.deleteSections(sections)
                    default: batch.reloadSections(sections)
                    }
                    classes.noteOrigin(batch, "\(name) \(sections)", [], state)
                }
                return 0
            }
        case "moveSection":
            return { object, state in
                let classes = try owner.get()
                let from = try state.integer(2), to = try state.integer(3)
                try run(object) { $0.moveSection(from, toSection: to); classes.noteOrigin($0, "moveSection \(from) -> \(to)", [], state) }
                return 0
            }
        default:
            preconditionFailure("BatchUpdating has no member \(name)")
        }
    }

    /// `performBatchUpdates`' batch, declared with the operations of ``batchUpdating``.
    static func batchDeclaration(_ owner: CollectionViewClassesReference) -> LuaClassDeclaration<BatchUpdate> {
        LuaClassDeclaration<BatchUpdate>(
            "BatchUpdate", "The batch a `performBatchUpdates` block receives.",
            describe: { "BatchUpdate(\($0.traceDescription()))" }
        ).adopting(batchUpdating) { member in
            batchOperation(member, owner) { batch, operation in try operation(batch) }
        }
    }

    func makeBatch() -> LuaClass {
        Self.batchDeclaration(CollectionViewClassesReference(classes: self)).makeClass { key, writing in
            writing ? nil : undefinedKeyMessage(key, of: "BatchUpdate")
        }
    }
}
