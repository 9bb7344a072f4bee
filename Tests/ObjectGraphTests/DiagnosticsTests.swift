import Testing
@testable import ObjectGraph

/// Messages that say how an object went, and didSave's old values.
@Suite struct DiagnosticsTests {
    @Test("a cascade-deleted object names the object the cascade came from; a reset names the context")
    func fates() throws {
        let view = try makeContext(orderRule: .cascade)
        view.callerLocation = { "app.lua:7" }
        let ann = try view.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        let order = try view.insertObject(entityName: "Order", values: ["customer": .object(ann)])
        try view.save()
        try view.delete(ann)
        try view.processPendingChanges()
        let cascade = try #require(throws: ObjectGraphError.self) { try order.setValue(.double(1), forKey: "total") }
        #expect(cascade.message.hasSuffix("(Ripple: Order#1 was deleted by a cascade from Customer#1 in viewContext; bring it back with rollback() or the undo manager before saving, or stop using it)"))
        let direct = try #require(throws: ObjectGraphError.self) { try ann.setValue(.string("x"), forKey: "name") }
        #expect(direct.message.contains("Customer#1 was deleted at app.lua:7 in viewContext"))
        try view.rollback()
        try view.reset()
        let reset = try #require(throws: ObjectGraphError.self) { try ann.value(forKey: "name") }
        #expect(reset.message.contains("was invalidated by viewContext:reset()"))
    }

    @Test("didSave carries the committed values of the keys it wrote")
    func didSaveOldValues() throws {
        let view = try makeContext()
        let ann = try view.insertObject(entityName: "Customer", values: ["name": .string("Ann")])
        try view.save()
        let recorder = SaveRecorder()
        let token = view.addObserver(recorder)
        defer { token.cancel() }
        try ann.setValue(.string("Anna"), forKey: "name")
        try view.save()
        #expect(recorder.saved?.oldValues[ann] == ["name": .string("Ann")])
    }
}
