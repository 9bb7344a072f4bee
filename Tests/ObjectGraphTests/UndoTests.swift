import Testing
@testable import ObjectGraph

/// The undo manager: groups per processing, undo and redo as ordinary changes.
@Suite struct UndoTests {
    @Test("undo of a cascade delete restores objects and relationships and announces them as inserted")
    func undoCascade() throws {
        let view = try makeContext(orderRule: .cascade)
        let undo = UndoManager()
        view.undoManager = undo
        let ann = try view.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        let order = try view.insertObject(entityName: "Order", values: ["customer": .object(ann)])
        try view.save()
        undo.removeAllActions()
        let observer = RecordingObserver()
        let token = view.addObserver(observer)
        defer { token.cancel() }
        try view.delete(ann)
        try view.processPendingChanges()
        #expect(order.isDeleted)
        try undo.undo()
        #expect(!ann.isDeleted && !order.isDeleted)
        #expect(try order.value(forKey: "customer") == .object(ann))
        #expect(observer.lines.last?.hasPrefix("didChange inserted=Customer#1,Order#1") == true)
        #expect(undo.canRedo && !undo.canUndo)
        try undo.redo()
        #expect(ann.isDeleted && order.isDeleted)
        #expect(undo.canUndo && !undo.canRedo)
    }

    @Test("nil by default; an edit undone and redone; registration can be disabled")
    func edits() throws {
        let view = try makeContext()
        #expect(view.undoManager == nil)
        let undo = UndoManager()
        view.undoManager = undo
        let ann = try view.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        try view.processPendingChanges()
        try ann.setValue(.string("Anna"), forKey: "name")
        undo.setActionName("Rename")
        try view.processPendingChanges()
        #expect(undo.undoActionName == "Rename")
        try undo.undo()
        #expect(try ann.value(forKey: "name") == .string("Ann"))
        try undo.redo()
        #expect(try ann.value(forKey: "name") == .string("Anna"))
        undo.disableUndoRegistration()
        try ann.setValue(.string("X"), forKey: "name")
        try view.processPendingChanges()
        try undo.enableUndoRegistration()
        try undo.undo()
        #expect(try ann.value(forKey: "name") == .string("Ann"))
        try undo.undo()
        #expect(ann.isDeleted)
        #expect(throws: ObjectGraphError.self) { try undo.undo() }
    }
}
