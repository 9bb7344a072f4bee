@testable import ObjectGraph
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Reads `contents` XML given as text.
private func read(_ xml: String) throws -> (ManagedObjectModel, [String]) {
    var reader = XcodeModelReader(file: "m/contents")
    let model = try reader.read(Array(xml.utf8))
    return (model, reader.warnings)
}

/// The message of the error reading `xml` throws.
private func failure(_ xml: String) -> String? {
    do {
        _ = try read(xml)
        return nil
    } catch let error as ObjectGraphError {
        return error.message
    } catch {
        return "\(error)"
    }
}

private func model(_ body: String) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<model type=\"com.apple.IDECoreDataModeler.DataModel\">\n" + body + "\n</model>\n"
}

/// Bad model files: each error names the file and line, and no model comes back.
@Suite struct XcodeModelReaderTests {
    @Test("malformed XML is reported with its line")
    func malformedXML() {
        #expect(failure("<model>\n  <entity name=\"A\">\n  </entiti>\n</model>")
                == "m/contents:3: malformed XML: </entiti> does not close <entity> (opened on line 2)")
        #expect(failure("<model>\n<entity name=A/>\n</model>")
                == "m/contents:2: malformed XML: the value of attribute name of <entity> must be quoted")
        #expect(failure("<model>\n<entity name=\"A\" name=\"B\"/>\n</model>")
                == "m/contents:2: malformed XML: attribute name appears twice in <entity>")
        #expect(failure("<model>\n<entity name=\"&bogus;\"/>\n</model>")
                == "m/contents:2: malformed XML: unknown entity &bogus;")
        #expect(failure("<model>\n<entity name=\"A\"/>\n") == "m/contents:1: malformed XML: <model> is not closed (missing </model>)")
        #expect(failure("<model/>\n<model/>") == "m/contents:2: malformed XML: content after the root element </model>")
        #expect(failure("") == "m/contents:1: malformed XML: the document has no root element")
        #expect(failure("<plist/>") == "m/contents:1: the root element is <plist>, not <model>: this is not a Core Data model file")
    }

    @Test("entities and character references decode; comments, CDATA and a DOCTYPE are read")
    func xmlFeatures() throws {
        let root = try ModelXMLElement.parse(Array("""
            <?xml version="1.0"?>
            <!DOCTYPE plist [ <!ENTITY x "y"> ]>
            <!-- c -->
            <a k='&lt;&#65;&#x42;&amp;&quot;'><b/>t<![CDATA[<&>]]><!-- d --></a>
            """.utf8), file: "f")
        #expect(root.attribute("k") == "<AB&\"")
        #expect(root.children.map(\.name) == ["b"])
        #expect(root.text == "t<&>")
        #expect(root.line == 4)
    }

    @Test("elements nested past 100 levels are refused, not read until the native stack overflows")
    func nestingLimit() throws {
        // Found by the fuzzer (session 10): 20,000 nested elements crashed `ripple.loadModel` (SIGSEGV in
        // the recursive reader).
        let deep = "<?xml version=\"1.0\"?>\n" + String(repeating: "<a>", count: 20_000)
        do {
            _ = try ModelXMLElement.parse(Array(deep.utf8), file: "f")
            Issue.record("a 20,000-deep document was read")
        } catch let error as ObjectGraphError {
            #expect(error.message == "f:2: malformed XML: elements are nested more than 100 levels deep")
        }
        let ok = String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100)
        #expect(try ModelXMLElement.parse(Array(ok.utf8), file: "f").children.count == 1)
    }

    @Test("an unknown attribute type is an error with its line")
    func unknownType() {
        #expect(failure(model("""
            <entity name="A">
                <attribute name="x" attributeType="Integer 128"/>
            </entity>
            """)) == "m/contents:4: attribute A.x has an unknown attribute type 'Integer 128' (expected one of Binary, Boolean, Date, Decimal, Double, Float, Integer 16, Integer 32, Integer 64, Object ID, String, Transformable, URI, UUID)")
    }

    @Test("a relationship to a missing entity, a dangling inverse, a mismatched inverse entity")
    func badRelationships() {
        #expect(failure(model("""
            <entity name="A">
                <relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B"/>
            </entity>
            """)) == "m/contents:4: relationship A.b points at an entity 'B' that the model does not have")
        #expect(failure(model("""
            <entity name="A">
                <relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B" inverseName="a" inverseEntity="B"/>
            </entity>
            <entity name="B"/>
            """)) == "m/contents:4: relationship A.b names an inverse 'a' that entity B does not have (a dangling inverse)")
        #expect(failure(model("""
            <entity name="A">
                <relationship name="b" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="B" inverseName="a" inverseEntity="C"/>
            </entity>
            <entity name="B"/>
            """)) == "m/contents:4: relationship A.b: its inverse is on entity C, not on its destination B")
        #expect(failure(model("""
            <entity name="A">
                <relationship name="b" deletionRule="Explode" destinationEntity="A"/>
            </entity>
            """)) == "m/contents:4: relationship A.b has an unknown deletionRule 'Explode' (expected Nullify, Cascade, Deny or No Action)")
    }

    @Test("a cycle of parent entities and an unknown parent")
    func badParents() {
        #expect(failure(model("""
            <entity name="A" parentEntity="C"/>
            <entity name="B" parentEntity="A"/>
            <entity name="C" parentEntity="B"/>
            """)) == "m/contents:3: entity A is its own ancestor: a cycle of parent entities (A → C → B → A)")
        #expect(failure(model("<entity name=\"A\" parentEntity=\"Nobody\"/>"))
                == "m/contents:3: entity A names a parent entity 'Nobody' that the model does not have")
        #expect(failure(model("""
            <entity name="A"><attribute name="x" optional="YES" attributeType="String"/></entity>
            <entity name="B" parentEntity="A"><attribute name="x" optional="YES" attributeType="String"/></entity>
            """)) == "m/contents:4: entity B declares the key 'x' that it inherits from its parent entity A")
    }

    @Test("every deletion rule, No Action included; Xcode 4's attributes; layout ignored; unknown things warned about")
    func eras() throws {
        let (m, warnings) = try read(model("""
            <entity name="A" syncable="YES" codeGenerationType="class" futureFlag="YES">
                <attribute name="n" optional="YES" attributeType="Integer 64" indexed="YES" syncable="YES"/>
                <relationship name="b1" optional="YES" toMany="YES" minCount="0" maxCount="0" deletionRule="No Action" destinationEntity="B" syncable="YES"/>
                <relationship name="b2" optional="YES" toMany="YES" minCount="1" maxCount="3" deletionRule="Deny" destinationEntity="B"/>
                <relationship name="b3" optional="YES" minCount="1" maxCount="1" deletionRule="Cascade" destinationEntity="B"/>
                <hologram/>
            </entity>
            <entity name="B"/>
            <elements><element name="A" positionX="1" positionY="2" width="3" height="4"/></elements>
            """))
        let a = try #require(m.entity(named: "A"))
        #expect(a.relationships.map(\.deleteRule) == [.noAction, .deny, .cascade])
        #expect(a.relationships.map(\.minCount) == [nil, 1, nil])
        #expect(a.relationships.map(\.maxCount) == [nil, 3, nil])
        #expect(a.relationships.map(\.inverseName) == [nil, nil, nil])
        #expect(a.attributes[0].details.isIndexed)
        #expect(warnings == [
            "m/contents:3: attribute futureFlag of <entity> is not something Ripple knows; ignored",
            "m/contents:8: <hologram> in entity A is not something Ripple knows; ignored",
        ])
    }

    @Test("a missing or cyclic file path, a .xccurrentversion naming a missing version")
    func badPaths() throws {
        let dir = "/tmp/ripple-model-\(getpid()).xcdatamodeld"
        mkdir(dir, 0o755)
        mkdir(dir + "/A.xcdatamodel", 0o755)
        func write(_ path: String, _ text: String) {
            let f = fopen(path, "wb")
            fputs(text, f)
            fclose(f)
        }
        write(dir + "/A.xcdatamodel/contents", model("<entity name=\"E\"/>"))
        write(dir + "/.xccurrentversion", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>B.xcdatamodel</string></dict></plist>
            """)
        defer {
            unlink(dir + "/A.xcdatamodel/contents")
            unlink(dir + "/.xccurrentversion")
            rmdir(dir + "/A.xcdatamodel")
            rmdir(dir)
        }
        let error = #expect(throws: ObjectGraphError.self) { try XcodeModelReader.load(path: dir) }
        #expect(error?.message == "\(dir): the current version (named by .xccurrentversion) 'B.xcdatamodel' is not in the bundle (it has A.xcdatamodel)")
        #expect(try XcodeModelReader.load(path: dir, version: "A").model.entities.map(\.name) == ["E"])
        let missing = #expect(throws: ObjectGraphError.self) { try XcodeModelReader.load(path: "/nonexistent/M.xcdatamodeld") }
        #expect(missing?.message == "/nonexistent/M.xcdatamodeld: no such model file or directory")
    }

    @Test("the Xcode type names map to Ripple's types in one place")
    func typeMapping() {
        #expect(AttributeType.xcodeNames.allSatisfy { AttributeType.xcodeMapping(for: $0) != nil })
        #expect(AttributeType.xcodeMapping(for: "Integer 16") == .init(type: .integer16, isStandIn: false))
        #expect(AttributeType.xcodeMapping(for: "Object ID") == .init(type: .string, isStandIn: true))
        #expect(AttributeType.xcodeMapping(for: "String") == .init(type: .string, isStandIn: false))
        #expect(AttributeType.xcodeMapping(for: "Transformable")?.type == .transformable)
        #expect(AttributeType.xcodeMapping(for: "Decimal")?.type == .decimal)
        #expect(AttributeType.xcodeMapping(for: "string") == nil)
    }

    @Test("bad fetch request templates and configurations name their line")
    func badTemplates() throws {
        #expect(failure(model("""
            <entity name="A"><attribute name="n" optional="YES" attributeType="String"/></entity>
            <fetchRequest name="t" entity="A" predicateString="n == &quot;x"/>
            """))?.hasPrefix("m/contents:4: fetch request template t: ") == true)
        #expect(failure(model("<fetchRequest name=\"t\" entity=\"Nope\"/>"))
                == "m/contents:3: fetch request template t fetches an entity Nope that the model does not have")
        #expect(failure(model("""
            <entity name="A"/>
            <fetchRequest name="t" entity="A" resultType="3"/>
            """)) == "m/contents:4: fetch request template t has an unknown resultType '3' (expected 0, 1, 2 or 4)")
        #expect(failure(model("""
            <entity name="A"/>
            <fetchRequest name="t" entity="A"/>
            <fetchRequest name="t" entity="A"/>
            """)) == "m/contents:5: a second fetch request template named t")
        #expect(failure(model("""
            <entity name="A"/>
            <configuration name="C"><memberEntity name="B"/></configuration>
            """)) == "m/contents:4: configuration C names an entity B that the model does not have")
        #expect(failure(model("""
            <entity name="A"/>
            <entity name="A"/>
            """)) == "m/contents:4: a second entity named A (the first is on line 3)")
        #expect(failure(model("<entity name=\"A\" isAbstract=\"maybe\"/>"))
                == "m/contents:3: isAbstract=\"maybe\" of <entity> must be YES or NO")
        let (m, _) = try read(model("""
            <entity name="A"><attribute name="n" optional="YES" attributeType="String"/></entity>
            <fetchRequest name="t" entity="A" predicateString="n BEGINSWITH &quot;x&quot; AND n != $NOT" fetchLimit="3" resultType="4" includeSubentities="NO"/>
            """))
        let t = try #require(m.fetchRequestTemplates["t"])
        #expect(t.predicate?.predicateFormat == "n BEGINSWITH \"x\" AND n != $NOT")
        #expect(t.fetchLimit == 3 && t.resultType == .countResultType && !t.includesSubentities)
    }

    @Test("derived attributes and fetched properties: errors name the line of the attribute or property")
    func derivedAndFetched() throws {
        let entity = """
            <entity name="A">
                <attribute name="n" attributeType="String"/>
                <attribute name="d" optional="YES" attributeType="Date" derived="YES" derivationExpression="now()"/>
            </entity>
            """
        #expect(failure(model(entity)) == "m/contents:5: derived attribute A.d: now() is not simulated (Ripple has no clock); use an attribute the app sets in willSave")
        let noExpression = model("<entity name=\"A\">\n<attribute name=\"d\" attributeType=\"String\" derived=\"YES\"/>\n</entity>")
        #expect(failure(noExpression) == "m/contents:4: derived attribute A.d has no derivationExpression")
        let fetched = """
            <entity name="A">
                <attribute name="n" attributeType="String"/>
                <fetchedProperty name="same" optional="YES">
                    <fetchRequest name="fetchedPropertyFetchRequest" entity="A" predicateString="n == $OTHER"/>
                </fetchedProperty>
                <fetchedProperty name="missing" optional="YES">
                    <fetchRequest name="fetchedPropertyFetchRequest" entity="Nope"/>
                </fetchedProperty>
            </entity>
            """
        #expect(failure(model(fetched)) == "m/contents:5: fetched property A.same: the predicate uses $OTHER; a fetched property's predicate can use $FETCH_SOURCE and $FETCHED_PROPERTY")
        let (_, warnings) = try read(model("""
            <entity name="A">
                <attribute name="n" attributeType="String" derivationExpression="uppercase:(n)"/>
            </entity>
            """))
        #expect(warnings == ["m/contents:4: attribute A.n has a derivationExpression (uppercase:(n)) but is not derived (derived=\"YES\"); ignored"])
    }
}
