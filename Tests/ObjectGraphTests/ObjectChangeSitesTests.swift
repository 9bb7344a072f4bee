@testable import ObjectGraph
import Testing

/// Contact: a required name of at most 5 characters, an optional age of at most 150, an optional note.
private func makeContactModel() throws -> ManagedObjectModel {
    var name = AttributeDescription(name: "name", type: .string)
    name.maxLength = 5
    var age = AttributeDescription(name: "age", type: .integer, isOptional: true)
    age.maxValue = 150
    let note = AttributeDescription(name: "note", type: .string, isOptional: true)
    return try ManagedObjectModel(entities: [EntityDescription(name: "Contact", attributes: [name, age, note])])
}

/// The places a front end records for the save's validation errors (``ObjectChangeSites``), and what they
/// cost the write paths: a valid change records nothing and never asks for its place; the fast write path
/// declines only a nil or a number outside the attribute's range.
@Suite struct ObjectChangeSitesTests {
    @Test("a valid insert or write records nothing and never reads its place")
    func validChangesRecordNothing() throws {
        let ctx = PersistentContainer(model: try makeContactModel()).viewContext
        let c = try ctx.insertObject(entityName: "Contact", values: [("name", .string("Ann")), ("age", .integer(30))])
        var asked = 0
        c.noteInsertion { asked += 1; return "app.lua:1" }
        try c.setValue(.string("Bo"), forKey: "name")
        c.noteWrite(ofKey: "name") { asked += 1; return "app.lua:2" }
        try c.setValue(.null, forKey: "note")
        c.noteWrite(ofKey: "note") { asked += 1; return "app.lua:3" }
        c.noteWrite(ofKey: "age") { asked += 1; return "app.lua:4" }
        #expect(asked == 0)
        #expect(c.changeSites == nil)
    }

    @Test("the fast write path still stores valid values, and declines nil and out-of-range numbers unchanged")
    func fastPathDeclines() throws {
        let ctx = PersistentContainer(model: try makeContactModel()).viewContext
        let c = try ctx.insertObject(entityName: "Contact", values: [("name", .string("Ann"))])
        let age = 1, note = 2
        #expect(c.setAttributeIfPlain(.integer(40), at: age))
        #expect(c.setAttributeIfPlain(integer: 41, at: age))  // the repeated-write path
        #expect(c.setAttributeIfPlain(number: 150, at: age))
        #expect(c.setAttributeIfPlain(.string("x"), at: note))
        #expect(!c.setAttributeIfPlain(integer: 151, at: age))
        #expect(!c.setAttributeIfPlain(number: 150.5, at: age))
        #expect(!c.setAttributeIfPlain(.null, at: age))
        #expect(!c.setAttributeIfPlain(.null, at: note))
        #expect(try c.value(forKey: "age") == .double(150) || (try c.value(forKey: "age")) == .integer(150))
        #expect(try c.value(forKey: "note") == .string("x"))
    }

    @Test("recorded places end each validation error, a 1560 listing each; a fixed value is no longer named")
    func messages() throws {
        let ctx = PersistentContainer(model: try makeContactModel()).viewContext
        let c = try ctx.insertObject(entityName: "Contact", values: [("age", .integer(200))])
        c.noteInsertion { "app.lua:12" }
        try c.setValue(.integer(300), forKey: "age")
        c.noteWrite(ofKey: "age") { "app.lua:13" }
        var error = try #require(throws: ObjectGraphError.self) { try ctx.save() }
        #expect(error.code == 1560)
        #expect(error.detailedErrors.map(\.message) == [
            "Error Domain=NSCocoaErrorDomain Code=1570 \"name is a required value.\" UserInfo={NSValidationErrorObject=Contact#1, NSValidationErrorKey=name, NSValidationErrorValue=nil} (Contact#1: inserted at app.lua:12)",
            "Error Domain=NSCocoaErrorDomain Code=1610 \"age is too large.\" UserInfo={NSValidationErrorObject=Contact#1, NSValidationErrorKey=age, NSValidationErrorValue=300} (Contact#1: inserted at app.lua:12; age set to 300 at app.lua:13)",
        ])
        try c.setValue(.string("Ann"), forKey: "name")
        try c.setValue(.integer(250), forKey: "age")  // not recorded: the write at line 13 is no longer named
        error = try #require(throws: ObjectGraphError.self) { try ctx.save() }
        #expect(error.message == "Error Domain=NSCocoaErrorDomain Code=1610 \"age is too large.\" UserInfo={NSValidationErrorObject=Contact#1, NSValidationErrorKey=age, NSValidationErrorValue=250} (Contact#1: inserted at app.lua:12)")
        #expect(ctx.insertedObjects.count == 1)
    }
}
