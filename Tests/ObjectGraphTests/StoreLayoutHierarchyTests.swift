@testable import ObjectGraph
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The Core Data layout of entity inheritance, ordered relationships and every attribute type: what a
/// store Ripple writes holds (read with `sqlite3`), and what opening it again gives back.
@Suite(.enabled(if: sqlite3Executable != nil, Comment(rawValue: sqlite3Missing)))
struct StoreLayoutHierarchyTests {
    /// Person (abstract) ← Employee ← Manager, Person ← Contractor; Pet.owner → Person, Pet.boss → Manager.
    static func hierarchyModel() throws -> ManagedObjectModel {
        try ManagedObjectModel(entities: [
            EntityDescription(name: "Person", attributes: [.init(name: "name", type: .string, isOptional: true)],
                              relationships: [.init(name: "pets", destination: "Pet", inverse: "owner", isToMany: true)],
                              isAbstract: true),
            EntityDescription(name: "Employee", attributes: [.init(name: "salary", type: .integer, isOptional: true)],
                              superentityName: "Person"),
            EntityDescription(name: "Manager", attributes: [.init(name: "reports", type: .integer, isOptional: true)],
                              superentityName: "Employee"),
            EntityDescription(name: "Contractor", attributes: [.init(name: "rate", type: .double, isOptional: true)],
                              superentityName: "Person"),
            EntityDescription(name: "Pet", attributes: [.init(name: "name", type: .string, isOptional: true)],
                              relationships: [.init(name: "owner", destination: "Person", inverse: "pets"),
                                              .init(name: "boss", destination: "Manager")]),
        ])
    }

    static func names(_ objects: [ManagedObject]) throws -> [String] {
        try objects.map { "\($0.entity.name):\(try $0.value(forKey: "name").stringValue ?? "?")" }
    }

    @Test("sub-entities share their root's table with a Z_ENT each, numbered per table; a to-one to a parent keeps the row's entity")
    func inheritance() throws {
        let path = freshStorePath("hierarchy")
        defer { unlink(path) }
        let model = try Self.hierarchyModel()
        do {
            let ctx = try storeContext(model, path)
            let bo = try ctx.insertObject(entityName: "Employee", values: [("name", .string("Bo")), ("salary", .integer(3))])
            let al = try ctx.insertObject(entityName: "Manager", values: [("name", .string("Al")), ("reports", .integer(2))])
            let cy = try ctx.insertObject(entityName: "Contractor", values: [("name", .string("Cy")), ("rate", .double(9.5))])
            let rex = try ctx.insertObject(entityName: "Pet", values: [("name", .string("Rex"))])
            try rex.setValue(.object(al), forKey: "owner")
            try rex.setValue(.object(al), forKey: "boss")
            let tom = try ctx.insertObject(entityName: "Pet", values: [("name", .string("Tom"))])
            try tom.setValue(.object(cy), forKey: "owner")
            try ctx.save()
            #expect([bo, al, cy].map(\.displayName) == ["Employee#1", "Manager#2", "Contractor#3"])
        }
        #expect(sqlite3(path, "SELECT Z_ENT, Z_NAME, Z_SUPER FROM Z_PRIMARYKEY ORDER BY Z_ENT;")
                == "1|Person|0\n2|Contractor|1\n3|Employee|1\n4|Manager|3\n5|Pet|0\n")
        #expect(sqlite3(path, ".schema ZPERSON") == """
            CREATE TABLE ZPERSON ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZREPORTS INTEGER, ZSALARY INTEGER, ZRATE FLOAT, ZNAME VARCHAR );
            CREATE INDEX ZPERSON_Z_ENT_INDEX ON ZPERSON (Z_ENT);

            """)
        #expect(sqlite3(path, ".schema ZPET").contains("ZBOSS INTEGER, ZOWNER INTEGER, Z1_OWNER INTEGER, ZNAME VARCHAR"))
        #expect(sqlite3(path, "SELECT Z_PK, Z_ENT, ZNAME FROM ZPERSON ORDER BY Z_PK;") == "1|3|Bo\n2|4|Al\n3|2|Cy\n")
        #expect(sqlite3(path, "SELECT ZNAME, ZOWNER, Z1_OWNER, ZBOSS FROM ZPET ORDER BY Z_PK;") == "Rex|2|4|2\nTom|3|2|\n")

        let ctx = try storeContext(model, path)
        let people = try ctx.fetch(FetchRequest(entityName: "Person", sortDescriptors: [SortDescriptor(key: "name")]))
        #expect(try Self.names(people) == ["Manager:Al", "Employee:Bo", "Contractor:Cy"])
        #expect(people.map(\.displayName) == ["Manager#2", "Employee#1", "Contractor#3"])
        let pets = try ctx.fetch(FetchRequest(entityName: "Pet", sortDescriptors: [SortDescriptor(key: "name")]))
        #expect(try pets[0].value(forKey: "owner").objectValue === people[0])
        #expect(try pets[1].value(forKey: "owner").objectValue === people[2])
        guard case .collection(let alsPets) = try people[0].value(forKey: "pets") else { Issue.record("no pets"); return }
        #expect(alsPets.map { $0.objectValue?.displayName } == ["Pet#1"])
        // The next object of the hierarchy continues after the table's largest Z_PK.
        let dee = try ctx.insertObject(entityName: "Contractor", values: [("name", .string("Dee"))])
        try ctx.save()
        #expect(dee.displayName == "Contractor#4")
        #expect(sqlite3(path, "SELECT Z_ENT FROM ZPERSON WHERE Z_PK = 4;") == "2\n")
    }

    @Test("a file laid out by Core Data with its own entity numbers: sub-entities and Z4_OWNER open and read right")
    func coreDataHierarchyFile() throws {
        let path = freshStorePath("hierarchy-coredata")
        defer { unlink(path) }
        let model = try Self.hierarchyModel()
        // A file Ripple creates gives the metadata; the tables are then laid out as another writer numbers them.
        do { _ = try storeContext(model, path) }
        _ = sqlite3(path, """
            DROP TABLE ZPERSON; DROP TABLE ZPET; DELETE FROM Z_PRIMARYKEY;
            INSERT INTO Z_PRIMARYKEY VALUES (1, 'Contractor', 4, 0), (2, 'Employee', 4, 0), (3, 'Manager', 2, 0), (4, 'Person', 0, 12), (5, 'Pet', 0, 3);
            CREATE TABLE ZPERSON ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZREPORTS INTEGER, ZSALARY INTEGER, ZRATE FLOAT, ZNAME VARCHAR );
            CREATE TABLE ZPET ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZBOSS INTEGER, ZOWNER INTEGER, Z4_OWNER INTEGER, ZNAME VARCHAR );
            INSERT INTO ZPERSON VALUES (10, 2, 1, NULL, 3, NULL, 'Bo'), (11, 3, 1, 2, 5, NULL, 'Al'), (12, 1, 1, NULL, NULL, 9.5, 'Cy');
            INSERT INTO ZPET VALUES (1, 5, 1, 11, 11, 3, 'Rex'), (2, 5, 1, NULL, 12, 1, 'Tom'), (3, 5, 1, NULL, 11, 3, 'Ace');
            """)
        let ctx = try storeContext(model, path)
        let employees = try ctx.fetch(FetchRequest(entityName: "Employee", sortDescriptors: [SortDescriptor(key: "name")]))
        #expect(employees.map(\.displayName) == ["Manager#11", "Employee#10"])
        let al = employees[0]
        guard case .collection(let pets) = try al.value(forKey: "pets") else { Issue.record("no pets"); return }
        #expect(pets.map { $0.objectValue?.displayName } == ["Pet#1", "Pet#3"])
        let tom = try #require(try ctx.fetch(FetchRequest(entityName: "Pet", predicate: try Predicate(format: "name == 'Tom'"))).first)
        #expect(try tom.value(forKey: "owner").objectValue?.displayName == "Contractor#12")
        // An entity column naming an entity outside the destination's hierarchy is a corrupt file.
        let copy = path + "-bad"
        defer { unlink(copy) }
        _ = sqlite3(path, "VACUUM INTO '\(copy)';")
        _ = sqlite3(copy, "UPDATE ZPET SET Z4_OWNER = 5 WHERE Z_PK = 2;")
        let before = fileBytes(copy)
        #expect {
            _ = try storeContext(model, copy)
        } throws: { error in
            (error as? ObjectGraphError)?.code == 259
                && (error as? ObjectGraphError)?.message.contains("the entity column next to ZPET.ZOWNER holds 5, which is not Person or one of its sub-entities") == true
        }
        #expect(fileBytes(copy) == before)
        // The hierarchy's next number follows Person's Z_MAX; the new row gets Employee's own Z_ENT.
        let dee = try ctx.insertObject(entityName: "Employee", values: [("name", .string("Dee"))])
        try ctx.save()
        #expect(dee.displayName == "Employee#13")
        #expect(sqlite3(path, "SELECT Z_ENT FROM ZPERSON WHERE Z_PK = 13;") == "2\n")
    }

    @Test("two connections: a number another connection took for a sibling entity is not reused")
    func siblingNumberTaken() throws {
        let path = freshStorePath("hierarchy-two")
        defer { unlink(path) }
        let model = try Self.hierarchyModel()
        let first = try storeContext(model, path)
        let second = try storeContext(model, path)
        let al = try first.insertObject(entityName: "Manager", values: [("name", .string("Al"))])
        try first.save()
        let bo = try second.insertObject(entityName: "Employee", values: [("name", .string("Bo"))])
        try second.save()
        #expect(al.displayName == "Manager#1")
        #expect(bo.displayName == "Employee#2")
        #expect(sqlite3(path, "SELECT Z_PK, Z_ENT, ZNAME FROM ZPERSON ORDER BY Z_PK;") == "1|4|Al\n2|3|Bo\n")
        #expect(sqlite3(path, "SELECT Z_NAME, Z_MAX FROM Z_PRIMARYKEY WHERE Z_MAX > 0 ORDER BY Z_ENT;") == "Person|2\nEmployee|2\nManager|1\n")
    }

    static func orderedModel() throws -> ManagedObjectModel {
        var songs = RelationshipDescription(name: "songs", destination: "Song", inverse: "playlist", isToMany: true)
        songs.isOrdered = true
        var tags = RelationshipDescription(name: "tags", destination: "Tag", inverse: "songs", isToMany: true)
        tags.isOrdered = true
        return try ManagedObjectModel(entities: [
            EntityDescription(name: "Playlist", relationships: [songs]),
            EntityDescription(name: "Song", attributes: [AttributeDescription(name: "title", type: .string)],
                              relationships: [RelationshipDescription(name: "playlist", destination: "Playlist", inverse: "songs"),
                                              tags]),
            EntityDescription(name: "Tag", attributes: [AttributeDescription(name: "title", type: .string)],
                              relationships: [RelationshipDescription(name: "songs", destination: "Song", inverse: "tags", isToMany: true)]),
        ])
    }

    static func titles(_ object: ManagedObject, _ key: String) throws -> [String] {
        guard case .collection(let members) = try object.value(forKey: key) else { return [] }
        return try members.map { try $0.objectValue!.value(forKey: "title").stringValue ?? "?" }
    }

    @Test("ordered to-many: Z_FOK_ in the destination table and in the join table, the order kept across saves and reopenings")
    func ordered() throws {
        let path = freshStorePath("ordered")
        defer { unlink(path) }
        let model = try Self.orderedModel()
        do {
            let ctx = try storeContext(model, path)
            let list = try ctx.insertObject(entityName: "Playlist")
            let songs = try ["a", "b", "c"].map { try ctx.insertObject(entityName: "Song", values: [("title", .string($0))]) }
            let tags = try ["x", "y", "z"].map { try ctx.insertObject(entityName: "Tag", values: [("title", .string($0))]) }
            try list.setValue(.collection([songs[2], songs[0], songs[1]].map { .object($0) }), forKey: "songs")
            try songs[0].setValue(.collection([tags[1], tags[2], tags[0]].map { .object($0) }), forKey: "tags")
            try ctx.save()
        }
        #expect(sqlite3(path, ".schema ZSONG").contains("ZPLAYLIST INTEGER, Z_FOK_PLAYLIST INTEGER"))
        #expect(sqlite3(path, ".schema Z_2TAGS").contains("CREATE TABLE Z_2TAGS ( Z_2SONGS INTEGER, Z_3TAGS INTEGER, Z_FOK_3TAGS INTEGER, PRIMARY KEY (Z_2SONGS, Z_3TAGS) );"))
        #expect(sqlite3(path, "SELECT ZTITLE, Z_FOK_PLAYLIST FROM ZSONG ORDER BY Z_PK;") == "a|2\nb|3\nc|1\n")
        #expect(sqlite3(path, "SELECT Z_3TAGS, Z_FOK_3TAGS FROM Z_2TAGS ORDER BY Z_3TAGS;") == "1|3\n2|1\n3|2\n")
        do {
            let ctx = try storeContext(model, path)
            let list = try #require(try ctx.fetch(FetchRequest(entityName: "Playlist")).first)
            #expect(try Self.titles(list, "songs") == ["c", "a", "b"])
            let a = try #require(try ctx.fetch(FetchRequest(entityName: "Song", predicate: try Predicate(format: "title == 'a'"))).first)
            #expect(try Self.titles(a, "tags") == ["y", "z", "x"])
            // A change of one song alone keeps the others' positions; a move rewrites them.
            try a.setValue(.string("a2"), forKey: "title")
            try ctx.save()
            #expect(sqlite3(path, "SELECT Z_FOK_PLAYLIST FROM ZSONG ORDER BY Z_PK;") == "2\n3\n1\n")
            try list.moveObjects(at: [0], to: 2, inOrderedRelationship: "songs")
            try ctx.save()
        }
        let ctx = try storeContext(model, path)
        let list = try #require(try ctx.fetch(FetchRequest(entityName: "Playlist")).first)
        #expect(try Self.titles(list, "songs") == ["a2", "b", "c"])
    }

    @Test("a many-to-many relationship ordered on both sides keeps both orders, each in its Z_FOK_ column")
    func orderedBothSides() throws {
        let path = freshStorePath("ordered-both")
        defer { unlink(path) }
        var albums = RelationshipDescription(name: "albums", destination: "Album", inverse: "photos", isToMany: true)
        albums.isOrdered = true
        var photos = RelationshipDescription(name: "photos", destination: "Photo", inverse: "albums", isToMany: true)
        photos.isOrdered = true
        let model = try ManagedObjectModel(entities: [
            EntityDescription(name: "Album", attributes: [AttributeDescription(name: "title", type: .string)], relationships: [photos]),
            EntityDescription(name: "Photo", attributes: [AttributeDescription(name: "title", type: .string)], relationships: [albums]),
        ])
        do {
            let ctx = try storeContext(model, path)
            let a = try ["A1", "A2"].map { try ctx.insertObject(entityName: "Album", values: [("title", .string($0))]) }
            let p = try ["p", "q", "r"].map { try ctx.insertObject(entityName: "Photo", values: [("title", .string($0))]) }
            try a[0].setValue(.collection([p[2], p[0], p[1]].map { .object($0) }), forKey: "photos")
            try a[1].setValue(.collection([p[1], p[0]].map { .object($0) }), forKey: "photos")
            try p[0].setValue(.collection([a[1], a[0]].map { .object($0) }), forKey: "albums")
            try ctx.save()
            // Reordering one side keeps the other side's positions.
            try a[0].moveObjects(at: [0], to: 2, inOrderedRelationship: "photos")
            try ctx.save()
        }
        #expect(sqlite3(path, ".schema Z_1PHOTOS").contains("( Z_1ALBUMS INTEGER, Z_2PHOTOS INTEGER, Z_FOK_2PHOTOS INTEGER, Z_FOK_1ALBUMS INTEGER, PRIMARY KEY (Z_1ALBUMS, Z_2PHOTOS) )"))
        let ctx = try storeContext(model, path)
        let albumsRead = try ctx.fetch(FetchRequest(entityName: "Album", sortDescriptors: [SortDescriptor(key: "title")]))
        #expect(try Self.titles(albumsRead[0], "photos") == ["p", "q", "r"])
        #expect(try Self.titles(albumsRead[1], "photos") == ["q", "p"])
        let photosRead = try ctx.fetch(FetchRequest(entityName: "Photo", sortDescriptors: [SortDescriptor(key: "title")]))
        #expect(try Self.titles(photosRead[0], "albums") == ["A2", "A1"])
    }

    @Test("every attribute type has Core Data's column type and comes back exactly")
    func types() throws {
        let path = freshStorePath("types")
        defer { unlink(path) }
        let model = try ManagedObjectModel(entities: [
            EntityDescription(name: "Thing", attributes: [
                AttributeDescription(name: "small", type: .integer16, isOptional: true),
                AttributeDescription(name: "medium", type: .integer32, isOptional: true),
                AttributeDescription(name: "large", type: .integer, isOptional: true),
                AttributeDescription(name: "ratio", type: .float, isOptional: true),
                AttributeDescription(name: "price", type: .decimal, isOptional: true),
                AttributeDescription(name: "exact", type: .decimal, isOptional: true),
                AttributeDescription(name: "link", type: .uri, isOptional: true),
                AttributeDescription(name: "bytes", type: .binary, isOptional: true),
            ]),
        ])
        let price = try #require(DecimalValue(string: "1.10"))
        let exact = try #require(DecimalValue(string: "12345678901234567890.123"))
        let bytes: [UInt8] = [0, 0xff, 0x80, 0x0a, 0]
        do {
            let ctx = try storeContext(model, path)
            _ = try ctx.insertObject(entityName: "Thing", values: [
                ("small", .integer(-32768)), ("medium", .integer(2_147_483_647)), ("large", .integer(Int64.max)),
                ("ratio", .double(0.5)), ("price", .decimal(price)), ("exact", .decimal(exact)),
                ("link", .string("https://example.com/a?b=c")), ("bytes", .data(bytes)),
            ])
            try ctx.save()
        }
        #expect(sqlite3(path, ".schema ZTHING") == """
            CREATE TABLE ZTHING ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZLARGE INTEGER, ZMEDIUM INTEGER, ZSMALL INTEGER, ZEXACT DECIMAL, ZPRICE DECIMAL, ZRATIO FLOAT, ZLINK VARCHAR, ZBYTES BLOB );

            """)
        let ctx = try storeContext(model, path)
        let thing = try #require(try ctx.fetch(FetchRequest(entityName: "Thing")).first)
        #expect(try thing.value(forKey: "small") == .integer(-32768))
        #expect(try thing.value(forKey: "medium") == .integer(2_147_483_647))
        #expect(try thing.value(forKey: "large") == .integer(Int64.max))
        #expect(try thing.value(forKey: "ratio") == .double(0.5))
        #expect(try thing.value(forKey: "price") == .decimal(price))
        #expect(try thing.value(forKey: "exact") == .decimal(exact))
        #expect(try thing.value(forKey: "link") == .string("https://example.com/a?b=c"))
        #expect(try thing.value(forKey: "bytes") == .data(bytes))
        // A decimal Core Data wrote (a REAL or an INTEGER in the DECIMAL column) reads as its value.
        _ = sqlite3(path, "UPDATE ZTHING SET ZPRICE = 2.25, ZEXACT = 7;")
        let reopened = try storeContext(model, path)
        let again = try #require(try reopened.fetch(FetchRequest(entityName: "Thing")).first)
        #expect(try again.value(forKey: "price") == .decimal(try #require(DecimalValue(string: "2.25"))))
        #expect(try again.value(forKey: "exact") == .decimal(try #require(DecimalValue(string: "7"))))
    }
}
