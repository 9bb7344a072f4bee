@testable import ObjectGraph
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The package root, found from this file's path.
private let packageRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)   // Tests/ObjectGraphTests/ModelFixtureTests.swift
    return parts.joined(separator: "/")
}()

/// A model fixture, its entity count, and its abstract entities.
struct ModelFixture: CustomTestStringConvertible, Sendable {
    let path: String
    let entities: Int
    let abstract: [String]
    var testDescription: String { path }
}

private let fixtures = [
    ModelFixture(path: "ExampleModel.xcdatamodeld", entities: 2, abstract: []),
    ModelFixture(path: "TestModel.xcdatamodeld", entities: 12, abstract: ["AbstractRelatedEntity"]),
    ModelFixture(path: "CoreStoreTests.xcdatamodeld", entities: 2, abstract: []),
    ModelFixture(path: "Lifts.xcdatamodel", entities: 19, abstract: ["Lift"]),
    ModelFixture(path: "Shop.xcdatamodel/contents", entities: 3, abstract: []),
    ModelFixture(path: "SampleModel.xcdatamodeld", entities: 4, abstract: []),
    ModelFixture(path: "Templates.xcdatamodel", entities: 4, abstract: ["Document"]),
    ModelFixture(path: "Staff.xcdatamodel", entities: 2, abstract: []),
    ModelFixture(path: "Garage.xcdatamodeld", entities: 3, abstract: []),
]

/// A value of the attribute's type, distinct per object (`n`) so that uniqueness constraints hold: the
/// first of a few candidates the type accepts (no switch over the types, so that new types need no change).
private func sampleValue(_ type: AttributeType, _ n: Int) -> Value {
    let candidates: [Value] = [.uuid(UUIDBytes(high: UInt64(n), low: 7)), .string("ABC"), .integer(Int64(n)),
                               .double(Double(n)), .bool(true), .date(Double(n) * 1000 + 978_307_200),
                               .data([UInt8(n & 0xFF), 0, 255])]
    return candidates.lazy.compactMap { ManagedObjectContext.convert($0, to: type) }.first ?? .null
}

/// The real models of Tests/Fixtures/Models all load; every concrete entity takes an object, survives a
/// SQLite round trip, and is fetched through each of its ancestors.
@Suite struct ModelFixtureTests {
    @Test("the fixture directory has every model the README lists")
    func fixturesPresent() throws {
        #expect(fixtures.count >= 5)
        for fixture in fixtures {
            _ = try XcodeModelReader.contentsPath(for: packageRoot + "/Tests/Fixtures/Models/" + fixture.path, version: nil)
        }
    }

    @Test("a real model loads, and every concrete entity is inserted, saved, reloaded and fetched through its parents",
          arguments: fixtures)
    func fixtureLoadsAndWorks(_ fixture: ModelFixture) throws {
        let loaded = try XcodeModelReader.load(path: packageRoot + "/Tests/Fixtures/Models/" + fixture.path)
        let model = loaded.model
        #expect(model.entities.count == fixture.entities)
        #expect(model.entities.filter(\.isAbstract).map(\.name) == fixture.abstract)
        let path = "/tmp/ripple-fixture-\(getpid())-\(fixture.path.split(separator: ".")[0]).sqlite"
        unlink(path)
        defer { unlink(path) }
        let container = PersistentContainer(model: model, store: try PersistentStore(sqlitePath: path, model: model))
        let ctx = container.viewContext
        var n = 0
        var inserted: [ManagedObject] = []
        for entity in model.entities where !entity.isAbstract {
            n += 1
            var values: [(String, Value)] = []
            for a in entity.attributes where !a.isOptional {
                // A pattern or a length bound is met by "ABC" (Templates' code is [A-Z]{3}).
                values.append((a.name, sampleValue(a.type, n)))
            }
            inserted.append(try ctx.insertObject(entityName: entity.name, values: values))
        }
        // Required relationships get an object of their destination (or of one of its sub-entities).
        for object in inserted {
            for (i, r) in object.entity.relationships.enumerated() where !r.isOptional {
                let target = try #require(inserted.first { $0.entity.isKind(of: object.entity.destinations[i]) })
                try object.setValue(r.isToMany ? .collection([.object(target)]) : .object(target), forKey: r.name)
            }
        }
        try ctx.save()
        let reloaded = PersistentContainer(model: model, store: try PersistentStore(sqlitePath: path, model: model)).viewContext
        for entity in model.entities {
            let concrete = entity.selfAndDescendants.filter { !$0.isAbstract }.count
            #expect(try reloaded.count(for: FetchRequest(entityName: entity.name)) == concrete, "\(entity.name)")
            var own = FetchRequest(entityName: entity.name)
            own.includesSubentities = false
            #expect(try reloaded.count(for: own) == (entity.isAbstract ? 0 : 1), "\(entity.name) alone")
            for object in try reloaded.fetch(FetchRequest(entityName: entity.name)) {
                #expect(object.entity.isKind(of: entity))
                for a in object.entity.attributes where !a.isOptional && !a.isTransient {
                    #expect(!(try object.value(forKey: a.name)).isNull, "\(object.entity.name).\(a.name)")
                }
            }
        }
    }

    @Test("the current version comes from .xccurrentversion; another is chosen by name")
    func versions() throws {
        let bundle = packageRoot + "/Tests/Fixtures/Models/ExampleModel.xcdatamodeld"
        let current = try XcodeModelReader.load(path: bundle)
        #expect(current.contentsPath.hasSuffix("Version 3.xcdatamodel/contents"))
        #expect(current.model.entities.map(\.name) == ["Company", "Employee"])
        let v1 = try XcodeModelReader.load(path: bundle, version: "Version 1")
        #expect(v1.model.entities.map(\.name) == ["Employee"])
        let v2 = try XcodeModelReader.load(path: bundle + "/", version: "Version 2.xcdatamodel")
        #expect(v2.model.entity(named: "Employee")?.attributes.map(\.name)
                == ["birthDate", "companyDateFounded", "companyName", "companyProfits", "name", "salary"])
        let folder = try XcodeModelReader.load(path: bundle + "/Version 1.xcdatamodel")
        #expect(folder.model.entities.count == 1)
        let error = #expect(throws: ObjectGraphError.self) { try XcodeModelReader.load(path: bundle, version: "Version 9") }
        #expect(error?.message == "\(bundle): version 'Version 9.xcdatamodel' is not in the bundle (it has Version 1.xcdatamodel, Version 2.xcdatamodel, Version 3.xcdatamodel)")
    }

    @Test("what the file says is kept on the descriptions")
    func detailsKept() throws {
        let loaded = try XcodeModelReader.load(path: packageRoot + "/Tests/Fixtures/Models/Templates.xcdatamodel")
        let model = loaded.model
        #expect(model.versionIdentifier == "2")
        let document = try #require(model.entity(named: "Document"))
        #expect(document.details.element.versionHashModifier == "v2")
        #expect(document.details.element.elementID == "doc")
        #expect(document.details.representedClassName == "Document")
        #expect(document.details.element.userInfo.map(\.key) == ["owner"])
        #expect(document.details.fetchIndexes == [.init(name: "byTitle", elements: [("title", true, "Binary")])])
        let title = try #require(document.attribute(named: "title"))
        #expect(title.details.element.renamingIdentifier == "name")
        #expect(title.minLength == 1 && title.maxLength == 80)
        let pages = try #require(document.attribute(named: "pages"))
        #expect(pages.type == .integer32 && pages.details.xcodeTypeName == nil)
        #expect(pages.minValue == 0 && pages.maxValue == nil)  // Integer 32's own range is checked by its type
        #expect(pages.defaultValue == .integer(1))
        let created = try #require(document.attribute(named: "created"))
        #expect(created.minValue == 978_307_200 && created.defaultValue == .date(978_307_200 + 86400))
        #expect(document.attribute(named: "code")?.regularExpression == "[A-Z]{3}")
        #expect(model.configurations.map(\.name) == ["Local"])
        #expect(model.configurations.first?.entityNames == ["Folder", "Note"])
        #expect(model.fetchRequestTemplates.keys.sorted() == ["byTitle", "documentsOnly", "longNotes"])
        #expect(model.fetchRequestTemplates["longNotes"]?.fetchLimit == 5)
        #expect(model.fetchRequestTemplates["documentsOnly"]?.includesSubentities == false)
        let note = try #require(model.entity(named: "Note"))
        #expect(note.superentity === document && document.subentities.map(\.name) == ["Note", "Report"])
        #expect(note.propertyNames == ["title", "pages", "created", "code", "text", "folder"])
        let shop = try XcodeModelReader.load(path: packageRoot + "/Tests/Fixtures/Models/Shop.xcdatamodel")
        let client = try #require(shop.model.entity(named: "Client"))
        #expect(client.attribute(named: "commandeCount")?.details.derivationExpression == "client_commande.@count")
        // Its fetched properties hold Xcode's placeholder predicates: reported, and left out of the model.
        #expect(shop.model.entity(named: "Produit")?.fetchedProperties.isEmpty == true)
        #expect(shop.warnings.contains { $0.hasSuffix("Shop.xcdatamodel/contents:32: fetched property Produit.fetchedProperty is not evaluated (reading it is an unknown key): its predicate does not parse: Unable to parse the format string \"predicate\" (at position 9, near <end of string>)") })
        let store = try XcodeModelReader.load(path: packageRoot + "/Tests/Fixtures/Models/CoreStoreTests.xcdatamodeld")
        #expect(store.model.entity(named: "TestEntity2")?.relationship(named: "testToManyOrdered")?.details.isOrdered == true)
    }

    @Test("fetch request templates: variables substituted, a missing one is Core Data's error")
    func templates() throws {
        let model = try XcodeModelReader.load(path: packageRoot + "/Tests/Fixtures/Models/Templates.xcdatamodel").model
        let request = try #require(try model.fetchRequestFromTemplate(named: "longNotes",
            substitutionVariables: ["MIN": .integer(2), "FOLDER": .string("Inbox")]))
        #expect(request.entityName == "Note")
        #expect(request.predicate?.predicateFormat == "pages >= 2 AND folder.name == \"Inbox\"")
        let error = #expect(throws: ObjectGraphError.self) {
            try model.fetchRequestFromTemplate(named: "longNotes", substitutionVariables: ["MIN": .integer(2)])
        }
        #expect(error?.message == "Can't get value for 'FOLDER' in bindings {MIN = 2}.")
        #expect(try model.fetchRequestFromTemplate(named: "missing") == nil)
    }

    @Test("Staff.xcdatamodel: fetched properties with $FETCH_SOURCE and userInfo, derived attributes at save")
    func staff() throws {
        let loaded = try XcodeModelReader.load(path: packageRoot + "/Tests/Fixtures/Models/Staff.xcdatamodel")
        #expect(loaded.warnings == [])
        let department = try #require(loaded.model.entity(named: "Department"))
        #expect(department.fetchedProperties.map(\.name) == ["seniors"])
        #expect(department.fetchedProperties.first?.userInfo == ["level": "senior"])
        #expect(department.attribute(named: "employeeCount")?.details.derivationExpression == "employees.@count")
        let ctx = PersistentContainer(model: loaded.model).viewContext
        let lab = try ctx.insertObject(entityName: "Department", values: [("name", .string("Läb"))])
        let ann = try ctx.insertObject(entityName: "Employee", values: [("name", .string("Ann")), ("level", .string("senior")),
                                                                        ("salary", .double(10)), ("department", .object(lab))])
        _ = try ctx.insertObject(entityName: "Employee", values: [("name", .string("Ann")), ("salary", .double(5)), ("department", .object(lab))])
        #expect(try lab.value(forKey: "employeeCount") == .null)
        try ctx.save()
        #expect(try lab.value(forKey: "employeeCount") == .integer(2))
        #expect(try lab.value(forKey: "payroll") == .double(15))
        #expect(try lab.value(forKey: "searchName") == .string("lab"))
        #expect(try ann.value(forKey: "departmentName") == .string("Läb"))
        #expect(try ann.value(forKey: "upperName") == .string("ANN"))
        #expect(try lab.value(forKey: "seniors") == .collection([.object(ann)]))
        guard case .collection(let namesakes) = try ann.value(forKey: "namesakes") else { Issue.record("not a collection"); return }
        #expect(namesakes.count == 1 && namesakes.first?.objectValue !== ann)
    }
}
