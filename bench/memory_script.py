"""The scripted conversations of bench/memory_sessions.py, in several wordings.

``dev`` is the wording the capture rules were developed against; ``held`` says the same
facts, changes and small talk in other words and was only run to report, but its failures
informed general capture rules; ``fresh`` is a third wording, written after that and only
run to report.
Each fact has the question a later session asks, the value a right answer must contain
and, for facts that change, the old value that must no longer be current.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Fact:
    question: str
    current: str
    old: str | None = None


@dataclass(frozen=True)
class Script:
    sessions: list[list[str]]
    facts: list[Fact]
    trivia_markers: tuple[str, ...]


_VALUES = [  # (current, old) in the order of the questions
    ("dana", None), ("porto", "lisbon"), ("math", "nurs"), ("escola azul", "santa maria"),
    ("rooibos", "green tea"), ("biscuit", None), ("ana", None), ("34", None),
    ("portuguese", None), ("peanut", None), ("vegetarian", None), ("honda", "fiat"),
    ("cello", None), ("march", None), ("teal", None), ("faro", None), ("ramen", "risotto"),
    ("postcard", None), ("japanese", None), ("rui", None), ("spirited away", None),
    ("sunday", None), ("mochi", None),
]
_TRIVIA = ("tired", "sleepy", "penguin", "joke", "weather", "capital", "hamlet", "listening",
           "chat")


def _facts(questions: list[str],
           values: list[tuple[str, str | None]] = _VALUES) -> list[Fact]:
    return [Fact(q, cur, old) for q, (cur, old) in zip(questions, values, strict=True)]


DEV_QUESTIONS = [
    "What is my name?", "Which city do I live in?", "What is my job?", "Where do I work?",
    "What is my favourite tea?", "What is my dog called?", "What is my sister's name?",
    "How old am I?", "Which languages do I speak?", "What am I allergic to?",
    "What diet do I follow?", "What car do I drive?", "Which instrument do I play?",
    "When is my birthday?", "What is my favourite colour?", "Where am I originally from?",
    "What is my favourite food?", "What do I collect?", "Which language am I studying?",
    "What is my husband's name?", "What is my favourite film?", "When do I go running?",
    "What is my cat's name?",
]
DEV = Script(
    sessions=[
        ["Hi! My name is Dana.", "I live in Lisbon.", "I work as a nurse.",
         "I work at Santa Maria hospital.", "Tell me a joke about penguins.",
         "My favourite tea is green tea.", "I have a dog named Biscuit.",
         "My sister is called Ana."],
        ["Good morning! I'm so tired today.", "I'm 34 years old.",
         "I speak Portuguese and English.", "I'm allergic to peanuts.", "I'm vegetarian.",
         "What's the capital of France?", "I drive a red Fiat Panda.", "I play the cello.",
         "My birthday is on 12 March."],
        ["My favourite colour is teal.", "I'm originally from Faro.",
         "My favourite food is mushroom risotto.", "I collect vintage postcards.",
         "I'm studying Japanese.", "The weather is lovely, isn't it?",
         "My husband is called Rui.", "My favourite film is Spirited Away.",
         "I run every Sunday.", "My cat is named Mochi."],
        ["Big news: I moved to Porto last month.", "I left nursing, I teach maths now.",
         "I work at Escola Azul now.", "Actually my favourite tea is rooibos these days.",
         "I sold the Fiat, I drive a Honda Jazz now.", "My favourite food is ramen now.",
         "Haha, thanks for listening!"],
        DEV_QUESTIONS[:12],
        DEV_QUESTIONS[12:],
    ],
    facts=_facts(DEV_QUESTIONS),
    trivia_markers=_TRIVIA,
)

HELD_QUESTIONS = [
    "Do you remember my name?", "Where do I live these days?", "What do I do for a living?",
    "Who is my employer?", "Which tea do I like best?", "What's the name of my dog?",
    "Who is my sister?", "What is my age?", "What languages can I speak?",
    "Is there anything I'm allergic to?", "Do I eat meat?", "Which car is mine?",
    "What instrument is mine?", "What date is my birthday?", "Which colour do I like most?",
    "Where did I grow up?", "What's my favourite dish?", "What is my collection hobby?",
    "What language am I learning?", "Who is my husband?", "Which film do I love most?",
    "On which day do I run?", "What is the name of our cat?",
]
HELD = Script(
    sessions=[
        ["Hey there, I'm Dana.", "I'm based in Lisbon.", "By profession I'm a nurse.",
         "I'm employed at Santa Maria hospital.", "Know any good penguin jokes?",
         "Green tea is my favourite tea.", "I've got a dog, his name is Biscuit.",
         "Ana is my sister."],
        ["Morning. Feeling sleepy today.", "I turned 34 this year.",
         "Portuguese and English are the languages I speak.",
         "Peanuts give me an allergic reaction.", "I don't eat meat, I'm vegetarian.",
         "Who wrote Hamlet?", "My car is a red Fiat Panda.", "The cello is my instrument.",
         "I was born on 12 March."],
        ["Teal is my favourite colour.", "I grew up in Faro.",
         "Mushroom risotto is my favourite dish.", "Vintage postcards are what I collect.",
         "These days I'm learning Japanese.", "Lovely weather we're having.",
         "Rui is my husband.", "Spirited Away is my favourite film.",
         "Every Sunday I go for a run.", "We have a cat called Mochi."],
        ["We relocated to Porto a few weeks ago.",
         "I'm not a nurse anymore, I'm a maths teacher now.",
         "My new employer is Escola Azul.", "These days rooibos is my favourite tea.",
         "I replaced the Fiat with a Honda Jazz.", "Ramen has become my favourite food.",
         "Cheers for the chat!"],
        HELD_QUESTIONS[:12],
        HELD_QUESTIONS[12:],
    ],
    facts=_facts(HELD_QUESTIONS),
    trivia_markers=_TRIVIA,
)

# A third wording, written after failures seen on ``held`` had informed general capture
# rules (so ``held`` is no longer untouched); this one is only run to report.
FRESH_QUESTIONS = [
    "What's my name again?", "In which city am I living?", "What's my occupation?",
    "Where am I employed?", "What's my favourite kind of tea?",
    "Remind me what my dog is called.", "What's my sister called?", "What age am I?",
    "What languages do I know?", "What's my allergy?", "Am I vegetarian or do I eat meat?",
    "What do I drive?", "What instrument do I play?", "On what date is my birthday?",
    "What's my favourite colour?", "Where was I born?", "Which food do I love most?",
    "What do I collect as a hobby?", "Which language have I been studying?",
    "Who am I married to?", "What film do I love most?", "What day do I go running?",
    "What's our cat's name?",
]
FRESH = Script(
    sessions=[
        ["Hello! Dana here, nice to meet you.", "I currently reside in Lisbon.",
         "I've been a nurse for ten years.", "My workplace is Santa Maria hospital.",
         "Can you tell me something funny about penguins?",
         "When it comes to tea, green tea is what I pick.", "Biscuit is the name of my dog.",
         "I have a sister, Ana."],
        ["Hiya, bit sleepy this morning.", "My age is 34.",
         "At home we speak Portuguese, and I speak English at work.",
         "I can't eat peanuts, I'm allergic.", "Vegetarian here, no meat for me.",
         "How far away is the moon?", "I get around in a red Fiat Panda.",
         "Cello is the instrument I play.", "12 March is my birthday."],
        ["Teal is the colour I like best.", "Faro is where I was born and raised.",
         "Nothing beats mushroom risotto for me.",
         "I've been collecting vintage postcards for years.", "I've started studying Japanese.",
         "Such grey weather today.", "I'm married to Rui.",
         "The film I love most is Spirited Away.", "Sunday is my running day.",
         "Mochi is our cat."],
        ["Update: we've moved to Porto.", "I quit nursing and became a maths teacher.",
         "I started at Escola Azul last month.",
         "I've switched to rooibos, it's my favourite tea now.",
         "I traded in the Fiat for a Honda Jazz.",
         "These days ramen is the food I love most.", "Thanks, chat soon!"],
        FRESH_QUESTIONS[:12],
        FRESH_QUESTIONS[12:],
    ],
    facts=_facts(FRESH_QUESTIONS),
    trivia_markers=(*_TRIVIA, "moon", "funny", "grey", "meet"),
)

# A fourth wording about another person, written before any of the capture changes that
# followed the ``fresh`` run; only run to report.
_BLIND_VALUES: list[tuple[str, str | None]] = [
    ("ingrid", None), ("trondheim", "bergen"), ("carpenter", "pharmacist"),
    ("fjord woodworks", "vita apotek"), ("cortado", "espresso"), ("pepper", None),
    ("lars", None), ("41", None), ("german", None), ("shellfish", None), ("vegan", None),
    ("tesla", "volvo"), ("violin", None), ("august", None), ("orange", None),
    ("troms", None), ("taco", "fish soup"), ("vinyl", None), ("spanish", None),
    ("maja", None), ("casablanca", None), ("wednesday", None), ("luna", None),
]
BLIND_QUESTIONS = [
    "Who am I?", "Which city is home for me?", "What is my line of work?",
    "Which company do I work for?", "How do I take my coffee?", "What's my dog's name?",
    "What's my brother called?", "How old am I now?", "Which languages do I speak?",
    "Which food am I allergic to?", "Do I eat animal products?", "Which car do I have?",
    "Do I play an instrument?", "When's my birthday?", "Which colour do I like best?",
    "Where was I born?", "What's my favourite thing to eat?", "What do I collect?",
    "Which language am I learning?", "What's my wife's name?", "Which film is my favourite?",
    "Which day do I swim?", "What's the name of our cat?",
]
BLIND = Script(
    sessions=[
        ["Hi Kai, I'm Ingrid.", "I live up in Bergen.", "I'm a pharmacist.",
         "I work at Vita Apotek in the city centre.", "Got any good jokes about owls?",
         "Espresso is my go-to coffee.", "My dog's name is Pepper.",
         "Lars is my younger brother."],
        ["Evening! Long day, I'm exhausted.", "I'm 41.", "I speak Norwegian and German.",
         "Shellfish is something I'm allergic to.", "I've been vegan since 2019.",
         "What's the tallest mountain in the world?", "I drive a blue Volvo estate.",
         "I've played the violin since I was a kid.", "My birthday is the 3rd of August."],
        ["Orange is my favourite colour.", "I was born in Tromsø.",
         "Fish soup is my favourite food.", "I collect vinyl records.",
         "I'm learning Spanish in the evenings.", "It's been raining all week here.",
         "My wife is Maja.", "My all-time favourite film is Casablanca.",
         "I go swimming every Wednesday.", "We also have a cat, Luna."],
        ["We've just moved to Trondheim.",
         "I stopped working as a pharmacist; I'm a carpenter now.",
         "My new job is at Fjord Woodworks.",
         "I've gone off espresso, cortado is my favourite coffee now.",
         "The Volvo is gone, I drive a Tesla now.", "My favourite food these days is tacos.",
         "Thanks, that's all for today!"],
        BLIND_QUESTIONS[:12],
        BLIND_QUESTIONS[12:],
    ],
    facts=_facts(BLIND_QUESTIONS, _BLIND_VALUES),
    trivia_markers=("joke", "owl", "exhausted", "long day", "mountain", "everest", "rain",
                    "tired"),
)

# A fifth wording, a third person, written after all the capture changes of its time and
# run once to report how the final code does on words nobody tuned for.
_FIFTH_VALUES: list[tuple[str, str | None]] = [
    ("marcus", None), ("leeds", "manchester"), ("baker", "accountant"),
    ("crumb street", "brightwell"), ("chai", "flat white"), ("rufus", None), ("ella", None),
    ("52", None), ("welsh", None), ("latex", None), ("pescatarian", None),
    ("kia", "transit"), ("trumpet", None), ("november", None), ("green", None),
    ("cardiff", None), ("sushi", "lasagne"), ("watch", None), ("italian", None),
    ("theo", None), ("jaws", None), ("saturday", None), ("pickle", None),
]
FIFTH_QUESTIONS = [
    "What's my name?", "Where do I live?", "What's my job?", "Who do I work for?",
    "What do I usually drink?", "What's my dog called?", "What's my daughter's name?",
    "How old am I?", "What languages do I speak?", "What am I allergic to?",
    "What's my diet?", "What do I drive?", "Which instrument do I play?",
    "When's my birthday?", "What's my favourite colour?", "Where's my hometown?",
    "What's my favourite food?", "What do I collect?", "What language am I learning?",
    "What's my husband's name?", "What's my favourite film?", "When do I go cycling?",
    "What's our cat called?",
]
FIFTH = Script(
    sessions=[
        ["Hey, Marcus here.", "I'm living in Manchester at the moment.",
         "I work as an accountant.", "My employer is Brightwell Insurance.",
         "Do you know any good riddles?", "My usual drink is a flat white.",
         "We've got a springer spaniel called Rufus.", "My daughter's name is Ella."],
        ["Ugh, Monday again.", "I'm 52 years old.", "I'm fluent in English and Welsh.",
         "I react badly to latex, it's an allergy.",
         "I eat fish but no meat, so pescatarian.", "How many legs does a spider have?",
         "I drive a white Ford Transit.", "I play trumpet in a brass band.",
         "19 November is my birthday."],
        ["Green has always been my colour.", "Cardiff is my hometown.",
         "Lasagne is my favourite food.", "I've got a small collection of vintage watches.",
         "I'm picking up Italian on the side.", "What a windy afternoon.",
         "My husband Theo is a nurse.", "Jaws is my favourite film.",
         "Saturday mornings I go cycling.", "Our cat is called Pickle."],
        ["We've relocated to Leeds.", "I gave up accounting and I'm now a baker.",
         "I now work at Crumb Street Bakery.",
         "Chai latte has replaced the flat white as my usual drink.",
         "I sold the Transit and got a Kia Niro.", "These days sushi is my favourite food.",
         "Cheers, that's everything."],
        FIFTH_QUESTIONS[:12],
        FIFTH_QUESTIONS[12:],
    ],
    facts=_facts(FIFTH_QUESTIONS, _FIFTH_VALUES),
    trivia_markers=("riddle", "monday", "spider", "legs", "windy", "cheers"),
)

# A sixth wording, a fourth person, written before any change of its stop and run once on
# the code as it stood, to report how capture does on words nobody tuned for.
_SIXTH_VALUES: list[tuple[str, str | None]] = [
    ("kofi", None), ("utrecht", "groningen"), ("librarian", "electrician"),
    ("stadsbibliotheek", "voltline"), ("mint", "espresso"), ("bruno", None), ("kwame", None),
    ("41", None), ("dutch", None), ("shellfish", None), ("vegan", None),
    ("tesla", "volvo"), ("saxophone", None), ("april", None), ("purple", None),
    ("accra", None), ("paella", "jollof"), ("vinyl", None), ("spanish", None),
    ("marieke", None), ("inception", None), ("thursday", None), ("pepper", None),
]
SIXTH_QUESTIONS = [
    "What's my name?", "Which city am I living in?", "What do I do for work?",
    "Where do I work?", "What do I drink in the morning?", "What's my dog's name?",
    "Who is my brother?", "How old am I?", "Which languages can I speak?",
    "What am I allergic to?", "What kind of diet do I have?", "Which car do I drive?",
    "What instrument do I practise?", "When is my birthday?", "What is my favourite colour?",
    "Where did I grow up?", "What's my favourite food?", "What do I collect?",
    "Which language am I learning?", "What is my wife called?", "What's my favourite movie?",
    "On which day do I go swimming?", "What's our cat's name?",
]
SIXTH = Script(
    sessions=[
        ["Good morning! I'm Kofi, by the way.", "These days I call Groningen home.",
         "For a living I fix wiring, I'm an electrician.", "The company I work for is Voltline.",
         "Can you tell me something funny about cats?",
         "Espresso is what I drink every morning.",
         "Bruno, our boxer, is the best dog ever.", "Kwame is my older brother."],
        ["What a grey day it is.", "I turned 41 last month.",
         "At home we speak Twi, and I also speak Dutch and English.",
         "Shellfish makes me really ill, I'm allergic.", "I've been vegan for six years.",
         "Who painted the Mona Lisa?", "My car is an old Volvo estate.",
         "In the evenings I practise the saxophone.", "My birthday falls on 3 April."],
        ["Purple is the colour I like best.", "I was raised in Accra.",
         "Nothing beats jollof rice for me, it's my favourite dish.",
         "I have shelves full of vinyl records that I collect.",
         "Lately I've been learning Spanish.", "Honestly I could use a holiday.",
         "Marieke is my wife.", "My all-time favourite movie is Inception.",
         "Every Thursday evening I go swimming.", "We also have a cat named Pepper."],
        ["Big news: we moved to Utrecht.",
         "I'm not an electrician any more, I retrained as a librarian.",
         "My new workplace is the Stadsbibliotheek.",
         "I've switched from espresso to mint tea.",
         "The Volvo is gone, I drive a Tesla now.",
         "Paella has become my new favourite food.", "Thanks for listening, bye for now."],
        SIXTH_QUESTIONS[:12],
        SIXTH_QUESTIONS[12:],
    ],
    facts=_facts(SIXTH_QUESTIONS, _SIXTH_VALUES),
    trivia_markers=("funny", "grey", "mona", "painted", "holiday", "listening", "bye"),
)

# A seventh wording, a fifth person, written before the capture changes of its stop and
# held back: run only once, at the end, to report.
_SEVENTH_VALUES: list[tuple[str, str | None]] = [
    ("siobhan", None), ("sligo", "limerick"), ("yoga", "dentist"),
    ("lotus", "brightsmile"), ("chocolate", "cappuccino"), ("murphy", None), ("cian", None),
    ("29", None), ("irish", None), ("penicillin", None), ("gluten", None),
    ("skoda", "yaris"), ("fiddle", None), ("october", None), ("yellow", None),
    ("kilkenny", None), ("dumpling", "curry"), ("stamp", None), ("german", None),
    ("niamh", None), ("amelie", None), ("tuesday", None), ("smudge", None),
]
SEVENTH_QUESTIONS = [
    "What am I called?", "What town do I live in?", "What is my profession?",
    "Which company do I work at?", "What's my morning drink?", "What's my dog called?",
    "What is my son's name?", "What age am I?", "What languages do I know?",
    "What am I allergic to?", "What do I avoid eating?", "What car do I own?",
    "What instrument do I play?", "When's my birthday?", "What's my favourite colour?",
    "Where am I from originally?", "What's my favourite food?", "What do I collect?",
    "What language am I taking classes in?", "Who is my partner?",
    "What's my favourite film?", "Which day do I go climbing?", "What's our cat called?",
]
SEVENTH = Script(
    sessions=[
        ["Hiya, Siobhan is the name.", "I'm a Limerick resident.",
         "I've been a dentist for years.", "I'm on staff at Brightsmile Dental.",
         "Give me a fun fact about octopuses.", "Every morning I have a cappuccino.",
         "My terrier Murphy goes everywhere with me.", "My son is Cian."],
        ["It's freezing out today.", "Age-wise, I'm 29.",
         "I grew up bilingual in Irish and English.", "Penicillin gives me a rash.",
         "I avoid gluten, I'm coeliac.", "What's the tallest building in the world?",
         "I own a silver Toyota Yaris.", "I've played the fiddle since I was a kid.",
         "October 8th is my birthday."],
        ["Yellow is my colour, always has been.", "Kilkenny is where I'm from originally.",
         "I could eat curry every day, it's my favourite food.",
         "Stamps are my thing, I've collected them for years.",
         "I'm taking German classes.", "Ugh, traffic was awful this morning.",
         "My partner Niamh and I met in college.", "My favourite film has to be Amelie.",
         "On Tuesdays I go climbing.", "Smudge is our cat."],
        ["We've just moved to Sligo.", "I left dentistry behind and now teach yoga.",
         "These days I work at Lotus Studio.",
         "I drink hot chocolate in the mornings now instead of cappuccino.",
         "I traded the Yaris for a Skoda.", "Dumplings are my new favourite food.",
         "Okay, that's all for today."],
        SEVENTH_QUESTIONS[:12],
        SEVENTH_QUESTIONS[12:],
    ],
    facts=_facts(SEVENTH_QUESTIONS, _SEVENTH_VALUES),
    trivia_markers=("octopus", "freezing", "tallest", "traffic", "that's all"),
)

# An eighth wording, a sixth person, written before any change of its stop and run once on
# the code as it stood.
_EIGHTH_VALUES: list[tuple[str, str | None]] = [
    ("lena", None), ("vienna", "graz"), ("photograph", "pharmac"),
    ("studio nord", "adler"), ("matcha", "black coffee"), ("otto", None), ("felix", None),
    ("41", None), ("german", None), ("bee", None), ("vegan", None),
    ("mini", "golf"), ("trumpet", None), ("june", None), ("orange", None),
    ("salzburg", None), ("sushi", "schnitzel"), ("vinyl", None), ("french", None),
    ("jonas", None), ("casablanca", None), ("thursday", None), ("pixel", None),
]
EIGHTH_QUESTIONS = [
    "Do you remember my name?", "Where do I live now?", "What do I do for a living?",
    "Who is my employer?", "What do I drink in the morning?", "What's the name of my dog?",
    "What's my brother called?", "How old am I?", "Which languages do I speak?",
    "What am I allergic to?", "What's my diet?", "Which car do I have?",
    "What instrument do I play?", "When is my birthday?", "What's my favourite colour?",
    "Where did I grow up?", "What's my favourite food?", "What do I collect?",
    "Which language am I learning?", "What's my husband called?",
    "What's my favourite film?", "What day do I swim?", "What's my cat's name?",
]
EIGHTH = Script(
    sessions=[
        ["Hey, you can call me Lena.", "I'm based in Graz.", "By profession I'm a pharmacist.",
         "My employer is Adler Pharmacy.", "What's a good name for a goldfish?",
         "Black coffee is how I start every day.", "We have a dachshund named Otto.",
         "Felix is my older brother."],
        ["Rainy again, typical.", "I turned 41 last month.",
         "German is my mother tongue, and I'm fluent in Spanish too.",
         "Bee stings are dangerous for me, I'm allergic.",
         "I'm vegan, have been for ten years.", "Who wrote Pride and Prejudice?",
         "I drive an old VW Golf.", "In my spare time I play the trumpet.",
         "My birthday falls on June 3rd."],
        ["Orange has always been my favourite colour.", "I was raised in Salzburg.",
         "Nothing beats a good schnitzel, my favourite meal.",
         "I've got a big vinyl collection.", "I'm learning French on Duolingo.",
         "Haha, that's hilarious.", "Jonas, my husband, is a teacher.",
         "Casablanca is the best film ever made.", "Every Thursday I go swimming.",
         "Our cat Pixel sleeps all day."],
        ["Big news: we now live in Vienna.", "I quit the pharmacy to become a photographer.",
         "I now work at Studio Nord.", "I gave up black coffee, it's matcha now.",
         "Sold the Golf and bought a Mini.", "Sushi is my favourite food these days.",
         "Right, gotta go, talk soon."],
        EIGHTH_QUESTIONS[:12],
        EIGHTH_QUESTIONS[12:],
    ],
    facts=_facts(EIGHTH_QUESTIONS, _EIGHTH_VALUES),
    trivia_markers=("goldfish", "rainy", "pride", "hilarious", "gotta go"),
)

# A ninth wording, a seventh person, written after the eighth's fixes and before nothing
# else: run only once, at the end, to report.
_NINTH_VALUES: list[tuple[str, str | None]] = [
    ("mateo", None), ("madrid", "bilbao"), ("barista", "architect"), ("lento", "forma"),
    ("cortado", "earl grey"), ("kiwi", None), ("lucia", None), ("52", None),
    ("basque", None), ("latex", None), ("pescatarian", None), ("niro", "ibiza"),
    ("accordion", None), ("february", None), ("purple", None), ("pamplona", None),
    ("gazpacho", "tortilla"), ("coin", None), ("italian", None), ("carmen", None),
    ("labyrinth", None), ("saturday", None), ("nube", None),
]
NINTH_QUESTIONS = [
    "What's my name?", "Which city am I living in?", "What's my occupation?",
    "Where do I work these days?", "What do I drink every morning?",
    "What's my parrot called?", "Who is my sister?", "How old am I?",
    "What languages did I grow up with?", "What am I allergic to?", "What's my diet?",
    "What do I drive?", "Which instrument do I play?", "When was I born?",
    "What colour do I like best?", "Where's my hometown?", "What's my favourite food now?",
    "What do I collect?", "What language am I learning?", "What is my wife's name?",
    "What film do I like most?", "When do I go hiking?", "What is our cat called?",
]
NINTH = Script(
    sessions=[
        ["Good evening! Mateo speaking.", "Bilbao has been home for ten years.",
         "Architecture is my line of work, I'm an architect.",
         "I'm employed at Forma Studio.", "Can you recommend a podcast?",
         "A cup of Earl Grey every morning keeps me going.", "Our parrot is called Kiwi.",
         "My sister Lucia lives nearby."],
        ["Quiet day today.", "52 years old, believe it or not.",
         "Basque and Spanish are the languages I grew up with.", "Latex gives me hives.",
         "Fish yes, meat no, I'm pescatarian.", "How far away is the moon?",
         "My ride is a Seat Ibiza.", "I play accordion at folk nights.",
         "I was born on the 9th of February."],
        ["Purple, always purple, my favourite colour.", "Pamplona is my hometown.",
         "Tortilla is my comfort food and my favourite.",
         "Old coins fascinate me, I collect them.", "I have Italian lessons every Wednesday.",
         "lol, nice one.", "My wife is Carmen.",
         "My favourite film is Pan's Labyrinth, easily.", "Saturdays are for hiking.",
         "We also have a cat named Nube."],
        ["We packed up and moved to Madrid.",
         "I'm not an architect anymore, I'm a barista now.", "I've started at Cafe Lento.",
         "Cortado has taken over from Earl Grey.", "The Ibiza went, we got a Kia Niro.",
         "Gazpacho is my new favourite food.", "Anyway, catch you later."],
        NINTH_QUESTIONS[:12],
        NINTH_QUESTIONS[12:],
    ],
    facts=_facts(NINTH_QUESTIONS, _NINTH_VALUES),
    trivia_markers=("podcast", "quiet", "moon", "nice one", "catch you"),
)

# A tenth wording, an eighth person, written after the ninth's fixes, before any change it
# could inform: run only once, at the end, to report.
_TENTH_VALUES: list[tuple[str, str | None]] = [
    ("grace", None), ("mombasa", "nairobi"), ("florist", "journalist"), ("bloom", "herald"),
    ("coconut", "chai"), ("shelly", None), ("kamau", None), ("38", None),
    ("swahili", None), ("pollen", None), ("halal", None), ("prius", "cruiser"),
    ("guitar", None), ("august", None), ("green", None), ("kisumu", None),
    ("pilau", "ugali"), ("fossil", None), ("mandarin", None), ("otieno", None),
    ("lion king", None), ("yoga", None), ("pilipili", None),
]
TENTH_QUESTIONS = [
    "Remind me of my name?", "Where do I live?", "What's my job now?", "Where am I working?",
    "What do I drink to start the day?", "What's my tortoise called?",
    "What's my twin's name?", "How old am I?", "What's my first language?",
    "What am I allergic to?", "What do I eat?", "Which car is mine?",
    "What instrument do I play?", "When's my birthday?", "What colour do I like?",
    "Where are my roots?", "What food do I love most?", "What do I collect?",
    "What language am I trying to learn?", "Who's my husband?", "What's my favourite film?",
    "What do I do on Sundays?", "What's our cat called?",
]
TENTH = Script(
    sessions=[
        ["Hello, it's Grace here.", "Nairobi's where I'm living right now.",
         "I write for a living, I'm a journalist.", "The Herald pays my salary.",
         "Do you know any good riddles?", "I can't start the day without chai.",
         "There's a tortoise in our garden called Shelly, she's ours.",
         "Kamau is my twin brother."],
        ["What a week it's been.", "I'm 38 this year.", "Swahili's my first language.",
         "Pollen is my enemy, hay fever every spring.", "I only eat halal food.",
         "Is it going to rain tomorrow?", "I drive a Land Cruiser, it's ancient.",
         "Guitar is my instrument.", "August 14th, that's my birthday."],
        ["I've always loved green, it's my colour.", "Kisumu is where my roots are.",
         "Ugali is the food I love most.", "I have a shelf full of fossils I've collected.",
         "Trying to learn Mandarin these days.", "Haha good one.", "Otieno's my husband.",
         "The Lion King is my all-time favourite film.", "I do yoga every Sunday.",
         "Our cat is Pilipili."],
        ["We moved house, Mombasa is home now.",
         "Journalism's behind me, I'm a florist these days.", "I work at Bloom Florists now.",
         "Coconut water instead of chai for me now.",
         "Got rid of the Land Cruiser and bought a Prius.",
         "Pilau has overtaken ugali as my favourite food.", "Okay, goodnight!"],
        TENTH_QUESTIONS[:12],
        TENTH_QUESTIONS[12:],
    ],
    facts=_facts(TENTH_QUESTIONS, _TENTH_VALUES),
    trivia_markers=("riddle", "what a week", "rain", "good one", "goodnight"),
)

# An eleventh wording, a ninth person, written at the start of a round of work, before any
# change it could inform: run once on the code as it stood, to report.
_ELEVENTH_VALUES: list[tuple[str, str | None]] = [
    ("tomasz", None), ("gdansk", "krakow"), ("chef", "electrician"), ("mewa", "volt"),
    ("matcha", "espresso"), ("pierog", None), ("marek", None), ("45", None),
    ("polish", None), ("shellfish", None), ("gluten", None), ("tesla", "skoda"),
    ("trumpet", None), ("november", None), ("orange", None), ("zakopane", None),
    ("sushi", "bigos"), ("stamp", None), ("spanish", None), ("ewa", None),
    ("amadeus", None), ("swim", None), ("kluska", None),
]
ELEVENTH_QUESTIONS = [
    "Do you remember my name?", "What city am I in?", "What do I do for work?",
    "Who employs me?", "What's my morning drink?", "What is my hamster's name?",
    "What's my brother called?", "What age am I?", "What languages can I speak?",
    "Which food am I allergic to?", "Is there anything I can't eat?", "What car have I got?",
    "What do I play?", "What month is my birthday in?", "Which colour is my favourite?",
    "Where did I grow up?", "What's my favourite dish?", "What am I a collector of?",
    "What am I learning at night?", "Who is my partner?", "Which film is the best in my view?",
    "What do I do on Thursdays?", "What's the rabbit called?",
]
ELEVENTH = Script(
    sessions=[
        ["You can call me Tomasz.", "I'm based in Krakow.",
         "By trade I'm an electrician.", "My employer is Volt Services.",
         "What's a good name for a boat?", "Every morning starts with an espresso.",
         "My hamster's name is Pierog.", "I've got a brother, Marek."],
        ["Ugh, Mondays.", "I turned 45 in the spring.",
         "I speak Polish at home and German at work.",
         "Shellfish makes me really ill, I'm allergic.", "I don't eat gluten, I'm coeliac.",
         "Any tips for sleeping better?", "I get around in a Skoda Octavia.",
         "I've played the trumpet since school.", "My birthday falls on 3 November."],
        ["Orange is the colour I like best.", "I grew up in Zakopane.",
         "Nothing beats bigos, my favourite dish.", "I'm a collector of stamps.",
         "I'm taking Spanish classes at night.", "Ha, that's funny.",
         "My partner is called Ewa.", "Best film I've ever seen: Amadeus.",
         "Every Thursday I go swimming.", "And there's Kluska, our rabbit."],
        ["We relocated to Gdansk last week.",
         "I quit being an electrician and became a chef.", "My new employer is Bistro Mewa.",
         "These days I have matcha in the mornings instead of espresso.",
         "Sold the Skoda; it's a Tesla now.",
         "Sushi has replaced bigos as my favourite dish.", "Right, off to bed."],
        ELEVENTH_QUESTIONS[:12],
        ELEVENTH_QUESTIONS[12:],
    ],
    facts=_facts(ELEVENTH_QUESTIONS, _ELEVENTH_VALUES),
    trivia_markers=("boat", "mondays", "sleeping", "funny", "off to bed"),
)

# A twelfth wording, a tenth person, written after the eleventh's fixes, before any change
# it could inform: run once on the code as it stood, to report.
_TWELFTH_VALUES: list[tuple[str, str | None]] = [
    ("aiko", None), ("toronto", "vancouver"), ("pilot", "designer"), ("air maple", "pixel"),
    ("kombucha", "hot chocolate"), ("bubbles", None), ("keiko", None), ("31", None),
    ("japanese", None), ("bee", None), ("vegan", None), ("volvo", "mazda"),
    ("ukulele", None), ("june", None), ("yellow", None), ("sapporo", None),
    ("pho", "tacos"), ("vinyl", None), ("french", None), ("daniel", None),
    ("totoro", None), ("climb", None), ("sesame", None),
]
TWELFTH_QUESTIONS = [
    "What am I called?", "Which city do I live in now?", "What is my profession?",
    "Which company do I work for?", "What's my go-to drink?", "What's my goldfish called?",
    "What's my sister called?", "How old am I?", "Which languages are native for me?",
    "What am I allergic to?", "Do I follow any diet?", "What car do I drive now?",
    "Which instrument do I play?", "When's my birthday?", "What's my favourite colour?",
    "Where am I from originally?", "What food do I prefer lately?", "What do I collect?",
    "What course did I enrol in?", "Who am I married to?", "What's the best film ever for me?",
    "What do I do on Tuesday nights?", "What is our dog's name?",
]
TWELFTH = Script(
    sessions=[
        ["Hi Kai! Aiko, nice to meet you.", "I live over in Vancouver.",
         "I'm a graphic designer by profession.", "I've been at Pixel Forge for five years.",
         "Can you tell me a fun fact?", "Hot chocolate is my go-to drink.",
         "We have a goldfish, his name is Bubbles.", "My big sister Keiko visits every summer."],
        ["Bit rainy here today.", "I just turned 31.",
         "Japanese and English are both native for me.",
         "I carry an EpiPen because of a bee sting allergy.",
         "I'm vegan, no animal products at all.", "What should I cook tonight?",
         "I drive an old Mazda 3.", "I play a bit of ukulele.", "I was born on June 2nd."],
        ["Yellow makes me happy, it's my favourite colour.", "Originally I'm from Sapporo.",
         "Tacos are my absolute favourite food.",
         "I've got loads of vinyl records, I collect them.",
         "I've enrolled in a French course.", "Haha, love it.",
         "Married to Daniel for six years now.", "Nothing beats Totoro for me, best film ever.",
         "Tuesday nights are my climbing nights.", "Our dog's name is Sesame."],
        ["Just moved to Toronto for work.", "Big career change, I'm now a pilot.",
         "I fly for Air Maple now.", "Swapped hot chocolate for kombucha.",
         "Traded the Mazda in for a Volvo.", "Lately I prefer pho over tacos.",
         "Thanks, bye for now!"],
        TWELFTH_QUESTIONS[:12],
        TWELFTH_QUESTIONS[12:],
    ],
    facts=_facts(TWELFTH_QUESTIONS, _TWELFTH_VALUES),
    trivia_markers=("fun fact", "rainy", "cook tonight", "love it", "bye"),
)

# A thirteenth wording, an eleventh person, written after the twelfth's fixes, before any
# change it could inform: run once on the code as it stood, to report.
_THIRTEENTH_VALUES: list[tuple[str, str | None]] = [
    ("olu", None), ("london", "manchester"), ("nurse", "accountant"),
    ("st thomas", "deloitte"), ("green tea", "coffee"), ("mango", None), ("tunde", None),
    ("39", None), ("yoruba", None), ("penicillin", None), ("keto", None), ("kia", "corsa"),
    ("sax", None), ("april", None), ("navy", None), ("lagos", None), ("suya", "jollof"),
    ("watch", None), ("arabic", None), ("funmi", None), ("black panther", None),
    ("football", None), ("speedy", None),
]
THIRTEENTH_QUESTIONS = [
    "What's my name?", "Where do I live now?", "What's my job?", "Who do I work for?",
    "What do I drink most?", "What's my parrot's name?", "What's my brother's name?",
    "What's my age?", "Which languages did I grow up speaking?", "Am I allergic to anything?",
    "What diet am I on?", "Which car do I have?", "What instrument do I play?",
    "When is my birthday?", "What's my colour?", "Where was I raised?",
    "What is my favourite food?", "What do I collect?", "What course am I doing?",
    "Who's my wife?", "What's my number one film?", "What do I do on Wednesday evenings?",
    "What's the tortoise called?",
]
THIRTEENTH = Script(
    sessions=[
        ["I'm Olu, short for Oluwaseun.", "Manchester is where I live.",
         "Accountant, that's my job.", "I'm with Deloitte.",
         "Can you recommend a good book?", "I live on coffee.",
         "I've a parrot called Mango.", "Tunde is my little brother."],
        ["Long day at work.", "Forty next year, I'm 39 now.",
         "I grew up speaking Yoruba and English.",
         "Penicillin and I don't get along, I'm allergic.", "I've been keto for a year.",
         "How do magnets work?", "My car's a Vauxhall Corsa.",
         "I've played sax since I was ten.", "My birthday's the 30th of April."],
        ["Navy blue is my colour.", "I was raised in Lagos.",
         "Jollof rice is the best food in the world.",
         "Vintage watches are my hobby, I collect them.",
         "I'm doing an Arabic course online.", "Nice one!", "Funmi is my wife.",
         "Black Panther is my number one film.",
         "Football every Wednesday evening with friends.",
         "We've also got a tortoise, Speedy."],
        ["I've relocated down to London.", "I retrained and I'm a nurse now.",
         "These days I'm at St Thomas Hospital.", "Coffee's out, green tea's in.",
         "Goodbye Corsa, hello Kia Sportage.", "Suya has become my favourite food.",
         "Cheers, later!"],
        THIRTEENTH_QUESTIONS[:12],
        THIRTEENTH_QUESTIONS[12:],
    ],
    facts=_facts(THIRTEENTH_QUESTIONS, _THIRTEENTH_VALUES),
    trivia_markers=("book", "long day", "magnet", "nice one", "later"),
)

# A fourteenth wording, a twelfth person, written after the thirteenth's fixes, before any
# change it could inform: run once on the code as it stood, to report.
_FOURTEENTH_VALUES: list[tuple[str, str | None]] = [
    ("sofia", None), ("berlin", "athens"), ("baker", "lawyer"), ("brotzeit", "kosmos"),
    ("oat latte", "frappe"), ("lulu", None), ("eleni", None), ("44", None),
    ("greek", None), ("cat", None), ("lactose", None), ("zoe", "fiat"),
    ("piano", None), ("october", None), ("turquoise", None), ("thessaloniki", None),
    ("dumpling", "moussaka"), ("map", None), ("italian", None), ("jonas", None),
    ("amelie", None), ("pilates", None), ("pip", None),
]
FOURTEENTH_QUESTIONS = [
    "Who am I?", "Where do I live?", "What do I do for a living?", "Where do I work?",
    "What's my usual coffee?", "What's my canary called?", "What's my twin sister's name?",
    "How old am I?", "What languages am I fluent in?", "What am I allergic to?",
    "Do I have any food intolerance?", "What do I drive?", "Which instrument do I play?",
    "What month was I born in?", "What's my favourite colour?", "Where did I grow up?",
    "What's my favourite food?", "What do I collect?", "Which language am I learning?",
    "What's my husband's name?", "What's my favourite film?",
    "What do I do on Saturday mornings?", "What's our hamster called?",
]
FOURTEENTH = Script(
    sessions=[
        ["Hi there, I'm Sofia Papadopoulos.", "Athens is home.",
         "I practise law, I'm a lawyer.", "My firm is Kosmos Legal.",
         "What's the longest river in Europe?", "I'm a frappe person.",
         "Our canary sings all day, her name is Lulu.", "Eleni's my twin sister."],
        ["Such a busy week.", "I'm in my forties, 44 to be exact.",
         "I'm fluent in Greek, German and English.",
         "Cats make me sneeze, I'm allergic to them.", "I'm lactose intolerant.",
         "Can you write me a haiku?", "A little Fiat 500 is what I drive.",
         "Piano lessons as a kid, and I still play the piano.", "Born 7 October."],
        ["Anything in turquoise, that's my favourite colour.",
         "Thessaloniki is where I grew up.", "Moussaka, hands down my favourite food.",
         "I collect old maps.", "Evening classes in Italian keep me busy.", "Hehe, cute.",
         "My husband Jonas is a teacher.",
         "Amelie, I've watched it a dozen times, my favourite film.",
         "On Saturday mornings I do pilates.", "There's also our hamster, Pip."],
        ["We've just settled in Berlin.", "I swapped law for baking, I'm a baker now.",
         "Brotzeit bakery hired me last week.",
         "Now it's oat lattes for me, no more frappe.",
         "The Fiat's been replaced by a Renault Zoe.", "Dumplings are my new favourite food.",
         "Good night, Kai!"],
        FOURTEENTH_QUESTIONS[:12],
        FOURTEENTH_QUESTIONS[12:],
    ],
    facts=_facts(FOURTEENTH_QUESTIONS, _FOURTEENTH_VALUES),
    trivia_markers=("river", "busy week", "haiku", "cute", "good night"),
)

# A fifteenth wording, a thirteenth person, written after the fourteenth's fixes, before any
# change it could inform: run once on the code as it stood, to report.
_FIFTEENTH_VALUES: list[tuple[str, str | None]] = [
    ("mei", None), ("melbourne", "brisbane"), ("photographer", "pharmacist"),
    ("lumen", "chemist warehouse"), ("iced tea", "flat white"), ("ned", None), ("wei", None),
    ("28", None), ("mandarin", None), ("strawberr", None), ("vegetarian", None),
    ("mazda", "corolla"), ("violin", None), ("june", None), ("green", None),
    ("hong kong", None), ("pizza", "laksa"), ("postcard", None), ("korean", None),
    ("sam", None), ("spirited away", None), ("surf", None), ("miso", None),
]
FIFTEENTH_QUESTIONS = [
    "What's my name?", "Where do I live now?", "What's my job?", "Who do I work for?",
    "What do I drink in the morning?", "What's my dog's name?", "What's my brother's name?",
    "How old am I?", "Which languages do I speak?", "What am I allergic to?",
    "Do I eat meat?", "What car do I drive?", "What instrument do I play?",
    "When is my birthday?", "What's my favourite colour?", "Where am I from?",
    "What's my favourite food these days?", "What do I collect?",
    "What language am I studying?", "Who's my partner?", "What's my favourite film?",
    "What do I do on Sunday mornings?", "What's my cat called?",
]
FIFTEENTH = Script(
    sessions=[
        ["Hi, I'm Mei, I'm new here.", "Brisbane's my city.", "Pharmacist by day.",
         "I'm at Chemist Warehouse in the city.", "What's 15 times 12?",
         "Flat white, every single morning.", "My kelpie is called Ned.",
         "My brother Wei lives in Perth."],
        ["Ugh, traffic was awful.", "28 going on 29.",
         "Mandarin at home, English everywhere else.", "Strawberries give me a rash.",
         "No meat for me, I'm vegetarian.", "Tell me something interesting about octopuses.",
         "I get about in a Toyota Corolla.", "Violin's my instrument.",
         "My birthday is the 14th of June."],
        ["Green's my favourite colour, always has been.", "I'm a Hong Kong native.",
         "If I could only eat one thing, it'd be laksa.",
         "Postcards, I collect them from every trip.",
         "I'm halfway through a Korean course.", "Lol.",
         "Me and my partner Sam have been together ten years.",
         "Spirited Away never gets old, it's my favourite film.",
         "Sunday mornings are for surfing.", "Plus a cat, Miso."],
        ["We upped sticks and moved to Melbourne.",
         "Left pharmacy behind, I'm a photographer now.", "Now I shoot for Lumen Studio.",
         "I've gone off flat whites, it's iced tea now.",
         "Upgraded from the Corolla to a Mazda CX-5.",
         "These days pizza beats laksa for me.", "See ya!"],
        FIFTEENTH_QUESTIONS[:12],
        FIFTEENTH_QUESTIONS[12:],
    ],
    facts=_facts(FIFTEENTH_QUESTIONS, _FIFTEENTH_VALUES),
    trivia_markers=("15 times", "traffic", "octopus", "lol", "see ya"),
)

# A sixteenth wording, a fourteenth person, written after the fifteenth's fixes, before any
# change it could inform: run once on the code as it stood, to report.
_SIXTEENTH_VALUES: list[tuple[str, str | None]] = [
    ("ingrid", None), ("oslo", "bergen"), ("carpenter", "architect"),
    ("fjord", "nordic arkitekter"), ("matcha", "coffee"), ("storm", None), ("kari", None),
    ("39", None), ("swedish", None), ("shellfish", None), ("pescatarian", None),
    ("tesla", "volvo"), ("accordion", None), ("february", None), ("navy", None),
    ("tromso", None), ("taco", "fish soup"), ("vinyl", None), ("spanish", None),
    ("liv", None), ("shining", None), ("climb", None), ("kanel", None),
]
SIXTEENTH_QUESTIONS = [
    "What's my name?", "Which city am I living in?", "What is my profession?",
    "Which company do I work at?", "What do I drink in the morning?", "What's our horse called?",
    "What's my sister called?", "How old am I?", "What languages do I speak?",
    "What am I allergic to?", "Do I eat meat?", "What car do I have?",
    "Which instrument do I play?", "When's my birthday?", "What colour do I like best?",
    "Where am I from originally?", "What's my favourite food?", "What do I collect?",
    "What language am I learning?", "What's my wife's name?", "What's my favourite film?",
    "What do I do on Thursday evenings?", "What's the rabbit called?",
]
SIXTEENTH = Script(
    sessions=[
        ["Hei! Ingrid here.", "Been living in Bergen for years.",
         "Architecture is my job, I design schools.", "Nordic Arkitekter is where I work.",
         "Why is the sky blue?", "Strong black coffee gets me going each morning.",
         "We keep a horse, Storm.", "My big sister Kari is a doctor."],
        ["Long night, barely slept.", "39 and counting.",
         "Norwegian is my first language, Swedish my second.",
         "Shellfish is a no-go, I'm allergic.", "I eat fish but no meat, pescatarian.",
         "Can you recommend a podcast?", "I drive an old Volvo estate.",
         "Accordion, believe it or not, is what I play.", "My birthday falls on 2 February."],
        ["Navy blue suits me best, my favourite colour.", "Originally I'm from Tromso.",
         "Nothing beats fish soup, my favourite food.",
         "I've been collecting vinyl records since I was a teen.",
         "Picking up Spanish on an app.", "Ha, good one.", "My wife Liv works in a bank.",
         "The Shining is my all-time favourite film.", "Thursday evenings I go climbing.",
         "And a rabbit called Kanel."],
        ["Moved to Oslo in the summer.",
         "Gave up architecture, I build furniture as a carpenter now.",
         "Fjord Woodworks took me on.", "Swapped coffee for matcha in the mornings.",
         "Sold the Volvo, got a Tesla.", "Tacos are my favourite food now.", "Bye for now!"],
        SIXTEENTH_QUESTIONS[:12],
        SIXTEENTH_QUESTIONS[12:],
    ],
    facts=_facts(SIXTEENTH_QUESTIONS, _SIXTEENTH_VALUES),
    trivia_markers=("sky", "barely slept", "podcast", "good one", "bye for now"),
)

# A seventeenth wording, a fifteenth person, written together with the sixteenth, before any
# change either could inform: kept to be run once untouched on the final code.
_SEVENTEENTH_VALUES: list[tuple[str, str | None]] = [
    ("tariq", None), ("amman", "dubai"), ("chef", "accountant"), ("olive", "emirates"),
    ("espresso", "karak"), ("rio", None), ("sami", None), ("31", None), ("french", None),
    ("egg", None), ("vegan", None), ("kona", "patrol"), ("oud", None), ("november", None),
    ("maroon", None), ("beirut", None), ("sushi", "hummus"), ("stamp", None),
    ("turkish", None), ("noor", None), ("inception", None), ("football", None),
    ("zeytoun", None),
]
SEVENTEENTH_QUESTIONS = [
    "Do you know my name?", "What city do I live in?", "What's my job?", "Where do I work?",
    "What's my morning drink?", "What's my parrot called?", "What's my brother's name?",
    "How old am I?", "What languages do I speak?", "What am I allergic to?",
    "What diet do I follow?", "What car do I drive?", "Which instrument do I play?",
    "When's my birthday?", "What's my favourite colour?", "Where am I from?",
    "What's my favourite food?", "What do I collect?", "Which language am I learning?",
    "Who is my fiancee?", "What's my favourite film?", "What do I do on Friday mornings?",
    "What's our turtle called?",
]
SEVENTEENTH = Script(
    sessions=[
        ["Hello Kai, the name's Tariq.",
         "I'm living in Dubai at the moment, have been for six years.",
         "Numbers are my thing, I'm an accountant.",
         "I'm with Emirates Bank, in their audit team.", "How far away is the moon?",
         "A cup of karak tea first thing, every day.",
         "I've got a parrot, Rio, who never stops talking.",
         "Sami, my little brother, is at university."],
        ["Phew, what a heatwave.", "I'm 31.",
         "Arabic's my mother tongue and I'm fluent in French too.",
         "Eggs, I'm allergic, so no omelettes for me.", "I've been vegan for three years.",
         "Can you tell me a riddle?", "My ride is a Nissan Patrol.",
         "I play the oud on weekends.", "19 November is my birthday."],
        ["Maroon, that's the colour I like most.", "Beirut is where I was born and raised.",
         "Hummus, I could eat it every day, my favourite food.",
         "I've got a stamp collection, mostly from Asia.", "Learning Turkish in the evenings.",
         "Nice.", "My fiancee Noor is a nurse.", "Inception is my number one film.",
         "Every Friday morning it's football with friends.",
         "We also have a turtle named Zeytoun."],
        ["I've moved back to Amman to be near family.",
         "I quit accounting and retrained as a chef.", "I cook at Olive and Thyme now.",
         "Karak's done, espresso is my morning drink now.",
         "Traded the Patrol in for a Hyundai Kona.", "My favourite food is sushi these days.",
         "Talk soon!"],
        SEVENTEENTH_QUESTIONS[:12],
        SEVENTEENTH_QUESTIONS[12:],
    ],
    facts=_facts(SEVENTEENTH_QUESTIONS, _SEVENTEENTH_VALUES),
    trivia_markers=("moon", "heatwave", "riddle", "nice", "talk soon"),
)

# An eighteenth wording, a sixteenth person, written after the seventeenth's untouched run
# and before reading what it missed: kept to be run once untouched.
_EIGHTEENTH_VALUES: list[tuple[str, str | None]] = [
    ("camille", None), ("montreal", "lyon"), ("yoga", "translat"), ("lotus", "babel"),
    ("smoothie", "café crème"), ("noisette", None), ("luc", None), ("52", None),
    ("italian", None), ("penicillin", None), ("gluten", None), ("yaris", "citroen"),
    ("saxophone", None), ("april", None), ("mustard", None), ("marseille", None),
    ("pho", "bouillabaisse"), ("fountain pen", None), ("portuguese", None), ("ines", None),
    ("haine", None), ("choir", None), ("bubulle", None),
]
EIGHTEENTH_QUESTIONS = [
    "What's my name?", "Where do I live?", "What's my job?", "Who do I work for?",
    "What's my morning drink?", "What's my ferret called?", "What's my brother's name?",
    "How old am I?", "What languages do I speak?", "What am I allergic to?",
    "What diet do I follow?", "What car do I drive?", "Which instrument do I play?",
    "When's my birthday?", "What's my favourite colour?", "Where did I grow up?",
    "What's my favourite food?", "What do I collect?", "Which language am I learning?",
    "What's my girlfriend's name?", "What's my favourite film?",
    "What do I do on Wednesday evenings?", "What's my goldfish called?",
]
EIGHTEENTH = Script(
    sessions=[
        ["Bonjour! I'm Camille.", "Lyon has been my home for a decade.",
         "Translator, mostly legal documents.", "I freelance for Babel Langues.",
         "What's a good name for a boat?",
         "My day doesn't start until I've had a café crème.", "Noisette is our ferret.",
         "Luc, my older brother, lives in Nice."],
        ["Rainy again, ugh.", "Just turned 52.",
         "French obviously, and Italian from my mother's side.",
         "Penicillin, I'm allergic to it.", "Coeliac here, so gluten-free everything.",
         "Do you like puns?", "Little Citroen C3, that's my car.",
         "I've played saxophone in a jazz trio for years.", "April 3rd is my birthday."],
        ["Mustard yellow, I'd wear it every day, my favourite colour.",
         "I was raised in Marseille.", "Bouillabaisse is my all-time favourite food.",
         "Fountain pens, I collect them.", "I've started Portuguese lessons.", "Ha!",
         "My girlfriend Ines is a chemist.", "La Haine is the film I love most.",
         "Wednesday evenings are choir practice.", "Plus a goldfish named Bubulle."],
        ["I've relocated to Montreal.", "No more translating, I teach yoga now.",
         "Studio Lotus took me on as a teacher.",
         "Smoothies have replaced café crème in the morning.",
         "The Citroen's gone, I drive a Toyota Yaris now.", "Pho is my favourite food now.",
         "Ciao!"],
        EIGHTEENTH_QUESTIONS[:12],
        EIGHTEENTH_QUESTIONS[12:],
    ],
    facts=_facts(EIGHTEENTH_QUESTIONS, _EIGHTEENTH_VALUES),
    trivia_markers=("boat", "rainy", "puns", "ciao"),
)

# A nineteenth wording, a seventeenth person, written before any change of its session:
# kept to be run once untouched.
_NINETEENTH_VALUES: list[tuple[str, str | None]] = [
    ("kwame", None), ("nairobi", "accra"), ("project manag", "engineer"),
    ("safari rail", "volta"), ("coffee", "milo"), ("kofi", None), ("ama", None), ("39", None),
    ("twi", None), ("shellfish", None), ("vegetarian", None), ("kia", "corolla"),
    ("drum", None), ("march", None), ("orange", None), ("kumasi", None), ("suya", "jollof"),
    ("vinyl", None), ("swahili", None), ("efua", None), ("black panther", None),
    ("swim", None), ("tiger", None),
]
NINETEENTH_QUESTIONS = [
    "What's my name?", "Which city do I live in?", "What do I do for a living?",
    "Which company do I work for?", "What do I drink in the morning?",
    "What's my tortoise called?", "What's my cousin's name?", "How old am I?",
    "What languages do I speak?", "What am I allergic to?", "What diet do I follow?",
    "What car do I drive?", "What instrument do I play?", "When is my birthday?",
    "What's my favourite colour?", "Where am I originally from?",
    "What's my favourite food?", "What do I collect?", "Which language am I learning?",
    "What's my wife's name?", "What's my favourite film?",
    "What do I do on Saturday mornings?", "What's our cat called?",
]
NINETEENTH = Script(
    sessions=[
        ["Hey there, Kwame here.", "I live in Accra, near the coast.",
         "By trade I'm a civil engineer.", "I've been at Volta Construction for five years.",
         "Any tips for sleeping on a plane?", "Mornings mean a mug of Milo for me.",
         "Our tortoise is called Kofi.", "My cousin Ama is staying with us this month."],
        ["Long day, feeling drained.", "39 years young.",
         "I speak Twi, English and a bit of Ewe.",
         "Shellfish and I don't get along, I'm allergic.", "No meat for me, I'm vegetarian.",
         "How many legs does a spider have?", "I get around in an old Toyota Corolla.",
         "Weekends I play the talking drum.", "My birthday falls on 6 March."],
        ["Burnt orange, always my favourite colour.", "Originally I'm from Kumasi.",
         "Jollof rice is my favourite dish.", "I collect vinyl records, mostly highlife.",
         "I'm taking Swahili lessons online.", "Cool, cool.", "My wife Efua runs a bakery.",
         "The film I rewatch the most is Black Panther.",
         "Saturday mornings I swim at the public pool.", "And there's Tiger, our cat."],
        ["We moved to Nairobi in October.",
         "I left engineering and became a project manager.", "Now I work for Safari Rail.",
         "I switched from Milo to black coffee in the mornings.",
         "We replaced the Corolla with a Kia Sportage.",
         "These days my favourite food is suya.", "Bye for now!"],
        NINETEENTH_QUESTIONS[:12],
        NINETEENTH_QUESTIONS[12:],
    ],
    facts=_facts(NINETEENTH_QUESTIONS, _NINETEENTH_VALUES),
    trivia_markers=("plane", "drained", "spider", "cool", "bye"),
)

# A twentieth wording, an eighteenth person, written before the nineteenth's untouched run
# was read: kept to be run once untouched.
_TWENTIETH_VALUES: list[tuple[str, str | None]] = [
    ("mei", None), ("hobart", "perth"), ("physio", "paramedic"), ("harbourside", "st john"),
    ("chai", "flat white"), ("mango", None), ("jade", None), ("29", None),
    ("cantonese", None), ("bee", None), ("pescatarian", None), ("tesla", "subaru"),
    ("ukulele", None), ("june", None), ("green", None), ("hong kong", None),
    ("laksa", "dumpling"), ("lego", None), ("korean", None), ("sam", None),
    ("paddington", None), ("boulder", None), ("kiwi", None),
]
TWENTIETH_QUESTIONS = [
    "What's my name?", "Where do I live?", "What do I do for work?", "Who employs me?",
    "What's my morning drink?", "What's my labrador called?", "What's my twin sister's name?",
    "How old am I?", "Which languages do I speak?", "What am I allergic to?",
    "What's my diet?", "What do I drive?", "What instrument do I play?", "When's my birthday?",
    "What's my favourite colour?", "Where did I grow up?", "What's my favourite food?",
    "What do I collect?", "What language am I learning?", "What's my partner's name?",
    "What's my favourite film?", "What do I do on Thursday nights?",
    "What's our budgie called?",
]
TWENTIETH = Script(
    sessions=[
        ["Hi Kai, it's Mei.", "I'm based in Perth.", "I'm a paramedic, mostly night shifts.",
         "St John Ambulance employs me.", "What's a good podcast for a long drive?",
         "I start every day with a flat white.", "Our labrador answers to Mango.",
         "My twin sister Jade lives in Sydney."],
        ["So windy today.", "I turned 29 in June.",
         "Cantonese with my parents, English with everyone else.",
         "Bees are my nemesis, I'm allergic to their stings.", "I eat pescatarian.",
         "Why is the sky blue?", "I drive a white Subaru Outback.",
         "Ukulele is my instrument of choice.", "My birthday's the 14th of June."],
        ["Forest green is the colour I like best.", "I grew up in Hong Kong.",
         "Dumplings are my favourite food.",
         "I've been collecting Lego sets since I was a kid.",
         "I've signed up for Korean classes.", "Huh, interesting.",
         "My partner Sam works in IT.", "Paddington 2 is my comfort film.",
         "Thursday nights I go bouldering.", "We've also got a budgie called Kiwi."],
        ["I've moved to Hobart for a fresh start.",
         "I'm a physiotherapist now, done with the ambulance.",
         "I joined Harbourside Physio in March.",
         "Chai has taken over from flat whites in my mornings.",
         "The Subaru went; I've got a Tesla Model 3 now.", "Laksa is my new favourite food.",
         "Catch you later!"],
        TWENTIETH_QUESTIONS[:12],
        TWENTIETH_QUESTIONS[12:],
    ],
    facts=_facts(TWENTIETH_QUESTIONS, _TWENTIETH_VALUES),
    trivia_markers=("podcast", "windy", "sky", "interesting", "catch you"),
)

# A twenty-first wording, a nineteenth person, written after the twentieth's untouched run
# and before any change its run informs beyond those already made: kept to be run once
# untouched. Some messages hold two facts.
_TWENTY_FIRST_VALUES: list[tuple[str, str | None]] = [
    ("arjun", None), ("bengaluru", "pune"), ("data scien", "developer"),
    ("flipkart", "infosys"), ("green tea", "masala chai"), ("bruno", None), ("priya", None),
    ("27", None), ("marathi", None), ("peanut", None), ("vegetarian", None),
    ("ather", "enfield"), ("tabla", None), ("october", None), ("blue", None),
    ("nagpur", None), ("dosa", "biryani"), ("coin", None), ("japanese", None),
    ("sneha", None), ("3 idiots", None), ("cricket", None), ("mithu", None),
]
TWENTY_FIRST_QUESTIONS = [
    "What's my name?", "Which city do I live in?", "What's my job?", "Where do I work?",
    "What do I drink in the morning?", "What's my beagle called?", "What's my sister's name?",
    "How old am I?", "What languages do I speak?", "What am I allergic to?", "What's my diet?",
    "What do I ride?", "What instrument do I play?", "When is my birthday?",
    "What's my favourite colour?", "Where was I born?", "What's my favourite food?",
    "What do I collect?", "Which language am I learning?", "What's my girlfriend's name?",
    "What's my favourite film?", "What do I do on Sunday mornings?",
    "What's our parrot called?",
]
TWENTY_FIRST = Script(
    sessions=[
        ["Hello! Arjun here, nice to meet you.", "Pune's where I live, with my parents.",
         "I'm a software developer at Infosys.", "Can you recommend a good book?",
         "First thing every morning: masala chai.", "We have a beagle named Bruno.",
         "My elder sister Priya is a doctor."],
        ["Ugh, Mondays.", "I'm 27.", "I speak Marathi, Hindi and English.",
         "Peanuts are a no-go for me, I'm allergic.",
         "I'm vegetarian, have been all my life.", "Who painted the Mona Lisa?",
         "My bike is a Royal Enfield Classic.", "I play the tabla.",
         "My birthday is on the 2nd of October."],
        ["Blue, definitely blue, is my favourite colour.", "I was born in Nagpur.",
         "Biryani is my favourite food.", "I collect old coins.",
         "I'm learning Japanese on the side.", "Okay.", "My girlfriend's name is Sneha.",
         "3 Idiots is my favourite film.", "I play cricket every Sunday morning.",
         "We also have a parrot called Mithu."],
        ["I relocated to Bengaluru last month.",
         "I switched careers and now I'm a data scientist.", "I work at Flipkart now.",
         "I've swapped masala chai for green tea in the mornings.",
         "Sold the Enfield and bought an Ather scooter.",
         "Dosa has replaced biryani as my favourite food.", "See you!"],
        TWENTY_FIRST_QUESTIONS[:12],
        TWENTY_FIRST_QUESTIONS[12:],
    ],
    facts=_facts(TWENTY_FIRST_QUESTIONS, _TWENTY_FIRST_VALUES),
    trivia_markers=("book", "mondays", "mona lisa", "okay", "see you"),
)

# A twenty-second wording, a twentieth person, written after the twenty-first's tuned runs
# and before any change its run informs: kept to be run once untouched.
_TWENTY_SECOND_VALUES: list[tuple[str, str | None]] = [
    ("luc", None), ("monterrey", "guadalajara"), ("pastry", "architect"),
    ("dulce vida", "estudio norte"), ("mate", "olla"), ("canela", None), ("diego", None),
    ("41", None), ("spanish", None), ("shellfish", None), ("vegan", None),
    ("mazda", "versa"), ("guitar", None), ("august", None), ("yellow", None),
    ("oaxaca", None), ("pastor", "mole"), ("vinyl", None), ("italian", None),
    ("andr", None), ("coco", None), ("swim", None), ("frida", None),
]
TWENTY_SECOND_QUESTIONS = [
    "What's my name?", "What city do I live in?", "What's my profession?",
    "Where do I work?", "What do I drink in the mornings?", "What's my chihuahua's name?",
    "What's my brother called?", "How old am I?", "What languages do I speak?",
    "What am I allergic to?", "What diet do I follow?", "What car do I have?",
    "What instrument do I play?", "When's my birthday?", "What colour do I like best?",
    "Where am I from?", "What's my favourite food?", "What do I collect?",
    "What language am I learning?", "What's my husband's name?",
    "What's my favourite movie?", "What do I do on Saturday mornings?",
    "What's our cat called?",
]
TWENTY_SECOND = Script(
    sessions=[
        ["Hola Kai! I'm Lucía.", "I've lived in Guadalajara for ten years.",
         "I'm an architect.", "I work for a firm called Estudio Norte.",
         "What's a good recipe for guacamole?", "My mornings start with café de olla.",
         "We have a chihuahua, Canela.", "My little brother Diego is studying law."],
        ["It's so hot today.", "I'm 41, believe it or not.",
         "Spanish is my first language, and I get by in English.",
         "Shellfish makes me ill, I'm allergic.", "I went vegan three years ago.",
         "How far away is the moon?", "I get around in a grey Nissan Versa.",
         "In the evenings I play classical guitar.", "My birthday falls on August 9th."],
        ["Sunflower yellow is my colour.", "I'm from Oaxaca originally.",
         "Mole negro is the dish I love most.", "I collect vinyl records.",
         "I'm teaching myself Italian with an app.", "Cool, thanks.",
         "My husband Andrés is a teacher.", "My favourite movie is Coco.",
         "Saturday mornings I swim at the club.", "And there's our cat, Frida."],
        ["We packed up and moved to Monterrey in the spring.",
         "I gave up architecture; I'm a pastry chef these days.",
         "My new job is at Dulce Vida, a bakery downtown.",
         "These days it's yerba mate in the morning, not café de olla.",
         "I traded the Versa in for a Mazda 3.", "Tacos al pastor are my favourite food now.",
         "Hasta luego!"],
        TWENTY_SECOND_QUESTIONS[:12],
        TWENTY_SECOND_QUESTIONS[12:],
    ],
    facts=_facts(TWENTY_SECOND_QUESTIONS, _TWENTY_SECOND_VALUES),
    trivia_markers=("guacamole", "hot today", "moon", "cool", "hasta"),
)

# A twenty-third wording, a twenty-first person, written after the twenty-second's untouched
# run and the changes it informed, before the tuned run was read: kept to be run once
# untouched.
_TWENTY_THIRD_VALUES: list[tuple[str, str | None]] = [
    ("callum", None), ("inverness", "glasgow"), ("bus", "joiner"),
    ("stagecoach", "mcallister"), ("tea", "irn"), ("bonnie", None), ("fiona", None),
    ("52", None), ("gaelic", None), ("penicillin", None), ("red meat", None),
    ("volvo", "transit"), ("bagpipe", None), ("january", None), ("navy", None),
    ("skye", None), ("lasagne", "haggis"), ("programme", None), ("spanish", None),
    ("morag", None), ("braveheart", None), ("dart", None), ("hamish", None),
]
TWENTY_THIRD_QUESTIONS = [
    "What's my name?", "Where do I live?", "What's my trade?", "Who do I work for?",
    "What do I have first thing in the morning?", "What's my collie called?",
    "What's my sister's name?", "How old am I?", "What languages do I speak?",
    "What am I allergic to?", "What don't I eat?", "What do I drive?",
    "What instrument do I play?", "When's my birthday?", "What's my favourite colour?",
    "Where did I grow up?", "What's my favourite food?", "What do I collect?",
    "What language am I learning?", "What's my wife called?", "What's my favourite film?",
    "What do I do on Friday nights?", "What's our hamster called?",
]
TWENTY_THIRD = Script(
    sessions=[
        ["Right, first things first: I'm Callum.", "I stay in Glasgow.",
         "I'm a joiner to trade.", "McAllister Builders took me on straight out of school.",
         "Can you suggest a good walk near Loch Lomond?",
         "Can't start the day without an Irn-Bru.", "Bonnie, my border collie, keeps me fit.",
         "Fiona's my big sister; she's a vet."],
        ["Dreich weather again.", "I'm 52 this year.",
         "I've a bit of Gaelic as well as English.", "Penicillin brings me out in hives.",
         "I don't eat red meat.", "Who won the World Cup in 1966?",
         "I drive a white Ford Transit van.", "I've played the bagpipes since I was twelve.",
         "My birthday's Burns Night, the 25th of January."],
        ["I'd pick navy over any other colour.", "I grew up on the Isle of Skye.",
         "Haggis, neeps and tatties is my favourite meal.",
         "I've got a collection of old football programmes.", "My evening class is Spanish.",
         "Aye, fair enough.", "Morag and I have been married 25 years.",
         "Braveheart is a film I never tire of.", "Friday nights are darts at the pub.",
         "We've a hamster too, Hamish."],
        ["We've upped sticks to Inverness.", "I packed in the joinery and drive buses now.",
         "Stagecoach hired me last month.",
         "I've given up the Irn-Bru, it's builder's tea in the morning now.",
         "Got rid of the Transit, I've a Volvo XC60 now.",
         "Lasagne's taken over as my favourite food.", "Cheerio!"],
        TWENTY_THIRD_QUESTIONS[:12],
        TWENTY_THIRD_QUESTIONS[12:],
    ],
    facts=_facts(TWENTY_THIRD_QUESTIONS, _TWENTY_THIRD_VALUES),
    trivia_markers=("dreich", "world cup", "fair enough", "loch lomond", "cheerio"),
)

# A twenty-fourth wording, a twenty-second person, typed the way people text: lower case,
# few apostrophes, "fav", "gf", "bday", "yrs". Written after the twenty-third's tuned runs and
# before any change its run informs: kept to be run once untouched.
_TWENTY_FOURTH_VALUES: list[tuple[str, str | None]] = [
    ("marcus", None), ("austin", "denver"), ("electrician", "paramedic"),
    ("sparky", "amr"), ("matcha", "cold brew"), ("loki", None), ("jaylen", None),
    ("29", None), ("french", None), ("wasp", None), ("pescatarian", None),
    ("tesla", "jeep"), ("drum", None), ("oct", None), ("orange", None),
    ("detroit", None), ("pho", "wing"), ("sneaker", None), ("korean", None),
    ("tasha", None), ("dark knight", None), ("basketball", None), ("pepper", None),
]
TWENTY_FOURTH_QUESTIONS = [
    "whats my name?", "where do i live?", "what do i do for work?", "who do i work for?",
    "what do i drink in the morning?", "whats my husky called?", "whats my brothers name?",
    "how old am i?", "what languages do i speak?", "what am i allergic to?",
    "what diet am i on?", "what car do i drive?", "what instrument do i play?",
    "when is my bday?", "whats my fav color?", "where am i from?", "whats my fav food?",
    "what do i collect?", "what language am i learning?", "whats my gf's name?",
    "whats my fav movie?", "what do i do on tuesdays?", "whats my cat called?",
]
TWENTY_FOURTH = Script(
    sessions=[
        ["hey kai im marcus", "i live in denver", "im a paramedic",
         "i work for AMR, mostly night shifts", "how tall is mount everest",
         "cold brew every morning or im useless", "my dog is a husky named loki",
         "my brother jaylen lives in chicago"],
        ["so bored today haha", "turned 29 last week", "i speak english and a little french",
         "im allergic to wasps", "been pescatarian for like 5 yrs",
         "whats a good chili recipe", "i drive a jeep wrangler",
         "i play drums in a garage band", "bday is oct 3"],
        ["fav color is orange", "born and raised in detroit",
         "buffalo wings are my go to food", "i collect sneakers, got like 40 pairs",
         "trying to learn korean", "ok cool", "me and my gf tasha have been together 3 yrs",
         "the dark knight is my all time fav movie", "pickup basketball every tuesday night",
         "also we have a cat named pepper"],
        ["just moved to austin", "switched careers, im an electrician now",
         "started at sparky electric last week",
         "swapped the cold brew for matcha in the mornings",
         "sold the jeep and got a tesla model 3", "pho is my new fav food", "ttyl"],
        TWENTY_FOURTH_QUESTIONS[:12],
        TWENTY_FOURTH_QUESTIONS[12:],
    ],
    facts=_facts(TWENTY_FOURTH_QUESTIONS, _TWENTY_FOURTH_VALUES),
    trivia_markers=("everest", "bored", "chili", "ok cool", "ttyl"),
)

# A twenty-fifth wording, a twenty-third person, also typed the way people text ("rn", "w/",
# "bf", "fave", "thx"), written after the twenty-fourth's untouched run and before the run of
# the changes it informed was read: kept to be run once untouched.
_TWENTY_FIFTH_VALUES: list[tuple[str, str | None]] = [
    ("jess", None), ("bristol", "manchester"), ("tattoo", "hairdress"),
    ("inkwell", "cutting edge"), ("green tea", "flat white"), ("waffles", None),
    ("amy", None), ("24", None), ("polish", None), ("nut", None), ("vegetarian", None),
    ("fiat", "mini"), ("ukulele", None), ("feb", None), ("lilac", None), ("belfast", None),
    ("sushi", "carbonara"), ("funko", None), ("spanish", None), ("rory", None),
    ("mamma mia", None), ("spin", None), ("noodle", None),
]
TWENTY_FIFTH_QUESTIONS = [
    "whats my name", "where do i live", "whats my job", "where do i work",
    "what do i drink in the mornings", "whats my pug called", "whats my twin sister called",
    "how old am i", "what languages do i speak", "what am i allergic to",
    "what diet do i follow", "what car do i have", "what instrument do i play",
    "when's my bday", "whats my fave colour", "where am i from originally",
    "whats my fave food", "what do i collect", "what language am i learning",
    "whats my bf's name", "whats my fave film", "what do i do on thursdays",
    "whats our cat called",
]
TWENTY_FIFTH = Script(
    sessions=[
        ["hii kai, jess here", "im in manchester", "im a hairdresser",
         "work at a salon called cutting edge", "whats the capital of peru",
         "need my flat white every morning", "got a pug called waffles",
         "my twin sister amy is a nurse"],
        ["omg its raining again", "im 24", "i speak english and polish",
         "allergic to nuts so no pesto for me", "been vegetarian since uni",
         "any tips for sleeping better", "i drive a little red mini",
         "been playing ukulele for about a year", "my bday's 14 feb"],
        ["fave colour is lilac", "originally from belfast", "carbonara is my fav meal",
         "i collect funko pops", "learning spanish on duolingo rn", "haha nice",
         "my bf rory is a chef", "fave film is mamma mia", "spin class every thursday",
         "oh and theres our cat noodle"],
        ["living in bristol now", "quit hairdressing, im a tattoo artist now",
         "got a job at inkwell studio", "off coffee now, its green tea in the mornings",
         "sold the mini, got a fiat 500", "tbh sushi is my fav food now", "gotta go, thx kai"],
        TWENTY_FIFTH_QUESTIONS[:12],
        TWENTY_FIFTH_QUESTIONS[12:],
    ],
    facts=_facts(TWENTY_FIFTH_QUESTIONS, _TWENTY_FIFTH_VALUES),
    trivia_markers=("peru", "raining", "sleeping", "haha", "gotta"),
)

# A twenty-sixth wording, a twenty-fourth person, in the English of someone who learnt it
# as a second language ("I am living in Krakow since 5 years", "I have 38 years", "How is
# called my dog?"), written after the twenty-fifth's untouched run and before the run of
# the changes it informed was read: kept to be run once untouched.
_TWENTY_SIXTH_VALUES: list[tuple[str, str | None]] = [
    ("tomasz", None), ("gdansk", "krakow"), ("teacher", "programmer"),
    ("school", "comarch"), ("green tea", "black coffee"), ("burek", None),
    ("agnieszka", None), ("38", None), ("german", None), ("pollen", None),
    ("vegetarian", None), ("toyota", "skoda"), ("piano", None), ("may", None),
    ("purple", None), ("zakopane", None), ("sushi", "pierog"), ("coin", None),
    ("spanish", None), ("marta", None), ("matrix", None), ("swim", None),
    ("fistaszek", None),
]
TWENTY_SIXTH_QUESTIONS = [
    "What is my name?", "In which city I am living?", "What is my profession?",
    "In which company I work?", "What I drink in the morning?", "How is called my dog?",
    "What is name of my sister?", "How old I am?", "Which languages I speak?",
    "For what I have allergy?", "What diet I have?", "What car I have?",
    "On which instrument I play?", "When is my birthday?", "Which colour I like the most?",
    "From where I am coming?", "What is my favourite food?", "What I am collecting?",
    "Which language I am learning?", "How is called my wife?", "What is my favourite film?",
    "What I do on Sundays?", "How is called our hamster?",
]
TWENTY_SIXTH = Script(
    sessions=[
        ["Hello, my name is Tomasz.", "I am living in Krakow since 5 years.",
         "My work is programmer.", "I am working in company Comarch.",
         "Can you explain me what is blockchain?",
         "In the morning I always drink black coffee.", "I have dog, his name is Burek.",
         "My sister Agnieszka is living in Berlin."],
        ["Today I am very tired.", "I have 38 years.",
         "I speak Polish, English and little bit German.", "I have allergy for pollen.",
         "I am not eating meat, I am vegetarian.", "What is the weather in Warsaw?",
         "My car is Skoda Octavia.", "I am playing on piano.",
         "My birthday is in 12 of May."],
        ["Purple is colour which I like the most.", "I am coming from Zakopane.",
         "My favourite food is pierogi.", "I am collecting old coins.",
         "Now I am learning Spanish language.", "Ok, thank you.",
         "My wife is called Marta.", "My favourite film is Matrix.",
         "Every Sunday I am going to swimming pool.",
         "We have also hamster, his name is Fistaszek."],
        ["Last month we moved to Gdansk.",
         "I changed my job, now I am teacher of informatics.",
         "Now I work in school number 5.",
         "I stopped drinking coffee, now I drink green tea in the morning.",
         "I sold Skoda and I bought Toyota Corolla.", "Now my favourite food is sushi.",
         "Bye bye!"],
        TWENTY_SIXTH_QUESTIONS[:12],
        TWENTY_SIXTH_QUESTIONS[12:],
    ],
    facts=_facts(TWENTY_SIXTH_QUESTIONS, _TWENTY_SIXTH_VALUES),
    trivia_markers=("blockchain", "tired", "weather", "thank", "bye"),
)

# A twenty-seventh wording, a twenty-fifth person, who writes long chatty messages that
# carry two or three facts each, with asides ("I live in Leicester with my husband Rohan and
# our dog Biscuit, ..."), written after the twenty-sixth's tuned run and before any change
# its run informs: kept to be run once untouched.
_TWENTY_SEVENTH_VALUES: list[tuple[str, str | None]] = [
    ("priya", None), ("nottingham", "leicester"), ("analyst", "pharmacist"),
    ("experian", "boots"), ("coffee", "chai"), ("biscuit", None), ("arjun", None),
    ("33", None), ("gujarati", None), ("shellfish", None), ("vegan", None),
    ("kia", "honda"), ("violin", None), ("aug", None), ("teal", None), ("nairobi", None),
    ("ramen", "dosa"), ("vinyl", None), ("japanese", None), ("rohan", None),
    ("spirited away", None), ("parkrun", None), ("clover", None),
]
TWENTY_SEVENTH_QUESTIONS = [
    "Remind me, what's my name?", "Which city do I live in now?",
    "What do I do for a living?", "Who's my employer?", "What do I drink in the morning?",
    "What's the name of my dog?", "What's my brother called?", "How old am I?",
    "Which languages do I speak?", "What am I allergic to?", "What's my diet?",
    "What car do I drive?", "What instrument do I play?", "When's my birthday?",
    "What's my favourite colour?", "Where was I born?", "What's my favourite food?",
    "What do I collect?", "Which language am I learning?", "What's my husband's name?",
    "What's my favourite film?", "What do I do on Saturday mornings?",
    "What's our rabbit called?",
]
TWENTY_SEVENTH = Script(
    sessions=[
        ["Hi Kai! So I'm Priya, I guess I should introduce myself properly since we'll be "
         "talking a lot.",
         "I live in Leicester with my husband Rohan and our dog Biscuit, who is a very "
         "spoilt beagle.",
         "Work-wise I'm a pharmacist at Boots, which is fine but the hours are long.",
         "Quick question, how many moons does Jupiter have?",
         "Honestly I can't function in the morning until I've had my masala chai.",
         "My brother Arjun is coming to visit next month, he's the baby of the family."],
        ["Ugh, long day.",
         "I turned 33 on the 9th of August, so the birthday hangover is only just "
         "wearing off.",
         "I grew up speaking Gujarati at home and English at school.",
         "I'm allergic to shellfish, which makes holidays by the sea a bit tricky.",
         "I've been vegan for about three years now and I don't miss cheese at all.",
         "Any good podcast recommendations?",
         "I drive a Honda Jazz, nothing fancy, but it gets me to work.",
         "In my spare time I play the violin in a community orchestra."],
        ["My favourite colour has always been teal, the whole flat is teal cushions.",
         "I was born in Nairobi and we moved to the UK when I was seven.",
         "Dosa is my favourite food, although nobody makes them like my mum.",
         "I collect vinyl records, mostly old jazz, and the shelves are nearly full.",
         "I've started learning Japanese because we're going to Tokyo next year.",
         "Cool, thanks.",
         "My favourite film is Spirited Away, I've watched it maybe twenty times.",
         "On Saturday mornings I do parkrun with Rohan, rain or shine.",
         "Oh, and we also have a rabbit called Clover who hates the dog."],
        ["Big news: we've moved to Nottingham, the boxes are everywhere!",
         "I've left pharmacy behind too and I'm working as a data analyst now.",
         "The new job is at Experian, I started on Monday and everyone is lovely.",
         "I've swapped the chai for black coffee these days, new job, new habits.",
         "We traded in the Honda Jazz for a Kia Niro because it's electric.",
         "And lately ramen has become my favourite food, there's a great place near us.",
         "Anyway, I'll talk to you later!"],
        TWENTY_SEVENTH_QUESTIONS[:12],
        TWENTY_SEVENTH_QUESTIONS[12:],
    ],
    facts=_facts(TWENTY_SEVENTH_QUESTIONS, _TWENTY_SEVENTH_VALUES),
    trivia_markers=("jupiter", "long day", "podcast", "thanks", "talk to you later"),
)

# A twenty-eighth wording, a twenty-sixth person, in the formal English of an older writer
# ("I take a pot of Earl Grey every morning without fail", "For whom do I work?"), written
# while the twenty-seventh's tuned run was going: kept to be run once untouched.
_TWENTY_EIGHTH_VALUES: list[tuple[str, str | None]] = [
    ("margaret", None), ("poole", "bournemouth"), ("guide", "bookkeep"),
    ("national trust", "harper"), ("lemon", "earl grey"), ("monty", None), ("joan", None),
    ("74", None), ("french", None), ("penicillin", None), ("vegetarian", None),
    ("honda", "nissan"), ("organ", None), ("march", None), ("lavender", None),
    ("yorkshire", None), ("risotto", "cauliflower"), ("thimble", None), ("italian", None),
    ("harold", None), ("brief encounter", None), ("bridge", None), ("sunny", None),
]
TWENTY_EIGHTH_QUESTIONS = [
    "Would you remind me of my name?", "In which town do I live?", "What is my occupation?",
    "For whom do I work?", "What do I take in the mornings?", "What is my dog's name?",
    "What is my sister called?", "How old am I?", "Which languages do I speak?",
    "What am I allergic to?", "What sort of diet do I keep?", "What motor car do I drive?",
    "Which instrument do I play?", "When is my birthday?", "Which colour am I partial to?",
    "Where was I brought up?", "What is my favourite dish?", "What do I collect?",
    "Which language am I learning?", "What was my late husband's name?",
    "What is my favourite film?", "What do I do on Wednesday afternoons?",
    "What is my budgerigar called?",
]
TWENTY_EIGHTH = Script(
    sessions=[
        ["Good morning. My name is Margaret, and I am delighted to make your acquaintance.",
         "I have lived in Bournemouth for nearly thirty years.",
         "I still work two days a week as a bookkeeper.",
         "The firm I keep the books for is Harper and Lowe, the solicitors.",
         "Could you tell me when the Battle of Hastings took place?",
         "I take a pot of Earl Grey every morning without fail.",
         "I have a rather elderly cocker spaniel by the name of Monty.",
         "My younger sister, Joan, lives down in Cornwall."],
        ["Goodness, what a grey morning it is.", "I am 74 years of age.",
         "I speak English, of course, and a smattering of French from my school days.",
         "I am allergic to penicillin, which I discovered the hard way.",
         "I have been a vegetarian since 1985.", "How does one make a proper Victoria sponge?",
         "I drive a little blue Nissan Micra.", "I have played the church organ for many years.",
         "My birthday falls on the second of March."],
        ["I have always been partial to the colour lavender.",
         "I was brought up in Yorkshire, near Harrogate.",
         "Nothing pleases me more than a good cauliflower cheese.",
         "I collect thimbles and have well over two hundred of them.",
         "I have taken up Italian at the U3A this autumn.", "Thank you kindly.",
         "My late husband was called Harold.", "Brief Encounter remains my favourite film.",
         "On Wednesday afternoons I play bridge at the club.",
         "I also keep a budgerigar named Sunny."],
        ["I have finally moved into a smaller flat in Poole.",
         "I have given up the bookkeeping and now work as a volunteer guide.",
         "I do my guiding for the National Trust at Corfe Castle.",
         "My doctor advised against Earl Grey, so I now take hot water with lemon in the "
         "mornings.",
         "I have sold the Micra and bought a Honda Jazz.",
         "I must confess risotto is now my favourite dish.", "I must dash, goodbye for now."],
        TWENTY_EIGHTH_QUESTIONS[:12],
        TWENTY_EIGHTH_QUESTIONS[12:],
    ],
    facts=_facts(TWENTY_EIGHTH_QUESTIONS, _TWENTY_EIGHTH_VALUES),
    trivia_markers=("hastings", "grey morning", "victoria sponge", "thank you kindly", "dash"),
)

# A twenty-ninth wording, a twenty-seventh person, in casual American English whose changes
# are said as negations and corrections ("I don't live in Phoenix anymore", "I'm with Redfin
# now, not Bright Smiles"), written while the twenty-eighth's tuned run was going: kept to
# be run once untouched.
_TWENTY_NINTH_VALUES: list[tuple[str, str | None]] = [
    ("diego", None), ("tucson", "phoenix"), ("realtor", "hygienist"),
    ("redfin", "bright smiles"), ("yerba mate", "iced coffee"), ("frijol", None),
    ("andr", None), ("31", None), ("spanish", None), ("latex", None), ("keto", None),
    ("tacoma", "f-150"), ("trumpet", None), ("jun", None), ("maroon", None),
    ("el paso", None), ("poke", "tamale"), ("baseball card", None), ("portuguese", None),
    ("gabriela", None), ("coco", None), ("hik", None), ("churro", None),
]
TWENTY_NINTH_QUESTIONS = [
    "What's my name?", "Where do I live these days?", "What's my job?", "Who do I work for?",
    "What's my morning drink?", "What's my dog's name?", "What's my brother's name?",
    "How old am I?", "What's my first language?", "What am I allergic to?",
    "What diet am I on?", "What do I drive?", "What instrument do I play?",
    "When's my birthday?", "What's my favorite color?", "Where am I originally from?",
    "What's my favorite food?", "What do I collect?", "What language am I teaching myself?",
    "Who's my fiancée?", "What's my favorite movie?", "What do I do on Sunday mornings?",
    "What's my cat's name?",
]
TWENTY_NINTH = Script(
    sessions=[
        ["Hey! Name's Diego, by the way.", "I'm in Phoenix.",
         "I'm a dental hygienist at Bright Smiles Dental.",
         "What's the tallest building in the world?",
         "Iced coffee is basically my personality in the mornings.",
         "Got a chihuahua named Frijol, he runs the house.",
         "My big brother Andrés just had a baby!"],
        ["Man, traffic was brutal today.", "I'm 31, for the record.",
         "Spanish is my first language.", "Latex is a no-go for me, I'm allergic.",
         "I've been doing keto since January.",
         "Can you recommend a good true crime podcast?", "I drive a Ford F-150.",
         "I play trumpet in a mariachi band on weekends.", "June 21st is my birthday."],
        ["Maroon's my color.", "I'm originally from El Paso.",
         "Tamales are my favorite food, especially my grandma's.",
         "I collect baseball cards, mostly old Diamondbacks ones.",
         "I'm teaching myself Portuguese.", "lol nice",
         "My fiancée Gabriela is a vet tech.", "Coco is my favorite movie, no contest.",
         "I hike Camelback every Sunday morning.",
         "We also adopted a cat, her name's Churro."],
        ["I don't live in Phoenix anymore, we moved down to Tucson.",
         "I'm not a hygienist anymore, I got my license and I'm a realtor now.",
         "I'm with Redfin now, not Bright Smiles.",
         "No more iced coffee for me, I switched to yerba mate.",
         "The F-150 is gone, I'm driving a Toyota Tacoma now.",
         "Actually, poke has replaced tamales as my favorite food.", "Catch you later!"],
        TWENTY_NINTH_QUESTIONS[:12],
        TWENTY_NINTH_QUESTIONS[12:],
    ],
    facts=_facts(TWENTY_NINTH_QUESTIONS, _TWENTY_NINTH_VALUES),
    trivia_markers=("tallest building", "traffic", "podcast", "lol", "catch you"),
)

# Thirtieth: Liam, Galway -> Cork. Facts given as the context of a request, the way people
# ask an assistant for help ("I live in Galway, so what's a good day trip from here?"),
# written while the twenty-ninth's tuned run had been read: kept to be run once untouched.
_THIRTIETH_VALUES: list[tuple[str, str | None]] = [
    ("liam", None), ("cork", "galway"), ("trainer", "physio"),
    ("flyefit", "bon secours"), ("matcha", "flat white"), ("bran", None),
    ("niamh", None), ("36", None), ("irish", None), ("shellfish", None),
    ("pescatarian", None), ("niro", "skoda"), ("bodhr", None), ("feb", None),
    ("green", None), ("sligo", None), ("paella", "lasagne"), ("vinyl", None),
    ("spanish", None), ("orla", None), ("commitments", None), ("swim", None),
    ("pangur", None),
]
THIRTIETH_QUESTIONS = [
    "Remind me, what's my name?", "Which city am I living in now?",
    "What do I do for a living?", "Who's my employer?", "What do I drink first thing?",
    "What's the dog called?", "What's my sister called?", "What age am I?",
    "What language do I speak at home?", "What am I allergic to?",
    "What kind of diet do I follow?", "What car have I got?", "What instrument do I play?",
    "When's my birthday?", "Which colour do I like best?", "Where did I grow up?",
    "What's my favourite dish?", "What do I collect?", "Which language am I learning?",
    "What's my partner's name?", "What's my favourite film?",
    "What do I do on Saturday mornings?", "What's the cat called?",
]
THIRTIETH = Script(
    sessions=[
        ["Hi Kai, I'm Liam. Could you help me plan my week?",
         "I live in Galway, so what's a good day trip from here?",
         "I'm a physiotherapist at Bon Secours Hospital; any tips for remembering "
         "patient names?",
         "What's the population of Ireland?",
         "I start every day with a flat white, is that too much caffeine?",
         "My dog Bran keeps chewing the sofa, how do I stop that?",
         "My sister Niamh is visiting next week, what should we do?"],
        ["Ugh, it's lashing rain again.", "I'm 36, is it too late to start running?",
         "I speak Irish at home with my family, any good Irish-language radio?",
         "I'm allergic to shellfish, so what can I order at a seafood restaurant?",
         "I'm pescatarian - can you suggest a quick dinner?",
         "I drive a Skoda Octavia; how often should it be serviced?",
         "I play the bodhran in a trad session on Thursdays, how do I keep better time?",
         "My birthday is on the 14th of February, any party ideas that aren't Valentine's?"],
        ["Green is my favourite colour, so what should I paint the hallway?",
         "I grew up in Sligo; what's worth seeing there these days?",
         "Lasagne is my favourite food, could you give me a lighter version?",
         "I collect vinyl records, how should I store them?",
         "I'm learning Spanish for a trip, what's the fastest way to learn the numbers?",
         "cheers",
         "My partner Orla loves gardening, what should I get her for Christmas?",
         "The Commitments is my favourite film, are there others like it?",
         "I swim in the sea every Saturday morning, is cold water good for you?",
         "We also have a cat called Pangur; how do I get her to like the dog?"],
        ["We've moved to Cork, where's good for a walk around here?",
         "I've left physio and I'm a personal trainer now - how do I find clients?",
         "I work for FlyeFit these days instead of Bon Secours; what should I ask about "
         "pensions?",
         "I've swapped the flat white for matcha; how much caffeine does matcha have?",
         "I sold the Skoda and got a Kia Niro, how do I charge it at home?",
         "My favourite food is paella now, not lasagne; any tips for the crust?",
         "Thanks, bye for now!"],
        THIRTIETH_QUESTIONS[:12],
        THIRTIETH_QUESTIONS[12:],
    ],
    facts=_facts(THIRTIETH_QUESTIONS, _THIRTIETH_VALUES),
    trivia_markers=("population", "lashing", "cheers", "bye for now"),
)

# Thirty-first: Ben, Toronto -> Vancouver. Facts given with requests again, in other shapes:
# after the question ("Could you suggest a getaway? I'm based in Toronto."), as a reason
# ("Since I'm allergic to penicillin, ...") or inside the request ("Help me write a toast
# for my sister Hannah's wedding"). Written before the thirtieth's tuned run: kept to be run
# once untouched.
_THIRTY_FIRST_VALUES: list[tuple[str, str | None]] = [
    ("ben", None), ("vancouver", "toronto"), ("analyst", "vet"), ("shopify", "banfield"),
    ("chai", "espresso"), ("juno", None), ("hannah", None), ("40", None), ("yoruba", None),
    ("penicillin", None), ("gluten", None), ("tesla", "mazda"), ("sax", None), ("jul", None),
    ("orange", None), ("lagos", None), ("sushi", "jollof"), ("comic", None), ("french", None),
    ("chloe", None), ("black panther", None), ("climb", None), ("mochi", None),
]
THIRTY_FIRST_QUESTIONS = [
    "What's my name?", "Where do I live now?", "What's my job?", "Where do I work?",
    "What do I drink in the mornings?", "What's my dog's name?", "What's my sister's name?",
    "How old am I?", "What language did I grow up speaking?", "What am I allergic to?",
    "What diet am I on?", "What car do I drive?", "What instrument do I play?",
    "When's my birthday?", "What's my favourite colour?", "Where am I from originally?",
    "What's my favourite food?", "What do I collect?", "What language am I learning?",
    "What's my wife's name?", "What's my favourite film?",
    "What do I do on Wednesday evenings?", "What's our cat's name?",
]
THIRTY_FIRST = Script(
    sessions=[
        ["Hey Kai, Ben here. Can you help me sort out my calendar?",
         "Could you suggest a weekend getaway? I'm based in Toronto.",
         "As a vet at Banfield, how do I tell an anxious owner bad news gently?",
         "How far is the moon from the earth?",
         "Is a double espresso every morning bad for me? It's how I start the day.",
         "My dog Juno pulls on the lead constantly, what can I do?",
         "Help me write a toast for my sister Hannah's wedding."],
        ["Man, what a long week.", "I just turned 40, how do I stay fit in my forties?",
         "I grew up speaking Yoruba; are there any good Yoruba films?",
         "Since I'm allergic to penicillin, what should I tell a new doctor?",
         "Can you find me a pasta recipe? I'm gluten-free.",
         "What tyres should I get for my Mazda 3 this winter?",
         "I've played saxophone for years - what jazz standards should I learn next?",
         "My birthday's July 9th, could you remind me to book a table?"],
        ["I love orange, it's my favourite colour, but does it work in a living room?",
         "Originally I'm from Lagos, what Nigerian restaurants are there in Toronto?",
         "Jollof rice is my favourite food - can you help me make it less spicy?",
         "What's the best way to store comic books? I collect them.",
         "I've started learning French, what apps do you recommend?",
         "haha fair enough",
         "What should I get my wife Chloe for our anniversary?",
         "Black Panther is my favourite film; what should I watch next?",
         "Every Wednesday evening I go climbing, how do I avoid sore fingers?",
         "Any tips for keeping our cat Mochi off the kitchen counter?"],
        ["We just moved to Vancouver, which neighbourhoods are good for dog walks?",
         "I left vet work and I'm a data analyst now; which SQL course should I take?",
         "Now that I work at Shopify, how do I make a good impression in my first month?",
         "I've switched from espresso to chai in the mornings, is chai healthier?",
         "We traded the Mazda for a Tesla Model 3, how long does charging take?",
         "These days sushi is my favourite food, where can I learn to make it?",
         "Okay, talk soon!"],
        THIRTY_FIRST_QUESTIONS[:12],
        THIRTY_FIRST_QUESTIONS[12:],
    ],
    facts=_facts(THIRTY_FIRST_QUESTIONS, _THIRTY_FIRST_VALUES),
    trivia_markers=("moon", "long week", "haha", "talk soon"),
)

# Thirty-second: Sofia, Turin -> Milan. The user's facts said beside other people's ("My
# flatmate is a nurse, but I'm a graphic designer", "My boss drives a Ferrari; I have a
# Fiat Panda"): the other person's value must never become the user's. Written while the
# thirtieth's and thirty-first's tuned runs were going, before they were read: kept to be
# run once untouched.
_THIRTY_SECOND_VALUES: list[tuple[str, str | None]] = [
    ("sofia", None), ("milan", "turin"), ("architect", "graphic designer"),
    ("pirelli", "lavazza"), ("ginseng", "cappuccino"), ("ercole", None), ("luca", None),
    ("29", None), ("french", None), ("pollen", None), ("vegetarian", None),
    ("vespa", "panda"), ("accordion", None), ("nov", None), ("yellow", None),
    ("bari", None), ("risotto", "gnocchi"), ("fridge magnet", None), ("german", None),
    ("matteo", None), ("cinema paradiso", None), ("volleyball", None), ("nuvola", None),
]
THIRTY_SECOND_QUESTIONS = [
    "What's my name?", "Which city do I live in?", "What's my job?", "Who do I work for?",
    "What do I drink in the morning?", "What's my dog called?", "What's my brother's name?",
    "How old am I?", "What languages do I speak?", "What am I allergic to?",
    "What diet do I follow?", "What do I ride or drive?", "What instrument do I play?",
    "When's my birthday?", "What's my favourite colour?", "Where am I from originally?",
    "What's my favourite food?", "What do I collect?", "Which language am I learning?",
    "What's my boyfriend's name?", "What's my favourite film?",
    "What do I do on Thursday evenings?", "What's my cat called?",
]
THIRTY_SECOND = Script(
    sessions=[
        ["Ciao Kai! I'm Sofia.", "My sister lives in Rome, but I live in Turin.",
         "My flatmate Giulia is a nurse, but I'm a graphic designer.",
         "What's the tallest mountain in the Alps?",
         "I work at Lavazza, and my dad worked at Fiat for thirty years.",
         "My mum drinks espresso all day; I just have one cappuccino in the morning.",
         "My neighbour has a poodle called Fifi, and our dog is Ercole."],
        ["Phew, what a day.", "My brother Luca is 35 and I'm 29.",
         "My parents only speak Italian, but I speak French too.",
         "My boyfriend is allergic to cats, and I'm allergic to pollen.",
         "Marco, my colleague, is vegan; I'm vegetarian.",
         "My boss drives a Ferrari; I have a Fiat Panda.",
         "My brother plays the drums, and I play the accordion.",
         "Giulia's birthday is in March, mine is on the 3rd of November."],
        ["My favourite colour is yellow, although my sister loves purple.",
         "My boyfriend is from Naples; I'm originally from Bari.",
         "Everyone at home loves lasagne, but my favourite food is gnocchi.",
         "My dad collects stamps, and I collect fridge magnets.",
         "My flatmate is learning Japanese, and I'm learning German.", "ok bene",
         "My boyfriend is called Matteo.",
         "Luca's favourite film is The Godfather; mine is Cinema Paradiso.",
         "Giulia runs on Mondays, and I play volleyball every Thursday evening.",
         "We also have a cat, Nuvola."],
        ["We've moved from Turin to Milan, and my sister is still in Rome.",
         "I'm not a graphic designer anymore, I'm an architect now.",
         "I left Lavazza and I work for Pirelli now.",
         "No more cappuccino for me, I have a ginseng coffee in the morning now.",
         "I sold the Panda and I ride a Vespa now; my boss still has his Ferrari.",
         "My favourite food is risotto now, not gnocchi.", "Ciao, a presto!"],
        THIRTY_SECOND_QUESTIONS[:12],
        THIRTY_SECOND_QUESTIONS[12:],
    ],
    facts=_facts(THIRTY_SECOND_QUESTIONS, _THIRTY_SECOND_VALUES),
    trivia_markers=("tallest mountain", "what a day", "ok bene", "a presto"),
)

# Thirty-third: Hamish, Glasgow -> Edinburgh. The user's facts beside other people's again,
# in other shapes ("Unlike my brother, who's in London, I live in Glasgow", "My wife Morag's
# a teacher, whereas I'm a joiner", "mine's Braveheart"). Written while the thirty-second's
# tuned run was going, before it was read: the second wording of that register, kept to be
# run once untouched and not tuned on.
_THIRTY_THIRD_VALUES: list[tuple[str, str | None]] = [
    ("hamish", None), ("edinburgh", "glasgow"), ("firefighter", "joiner"),
    ("mitie", "balfour"), ("black coffee", "builder"), ("bonnie", None), ("isla", None),
    ("47", None), ("gaelic", None), ("wasp", None), ("low-carb", None), ("volvo", "focus"),
    ("bagpipe", None), ("jan", None), ("navy", None), ("inverness", None),
    ("cullen skink", "haggis"), ("whisky", None), ("norwegian", None), ("morag", None),
    ("braveheart", None), ("curling", None), ("tattie", None),
]
THIRTY_THIRD_QUESTIONS = [
    "What's my name?", "Where do I live?", "What do I do for a living?", "Who's my employer?",
    "What do I drink first thing?", "What's our dog called?", "What's my daughter's name?",
    "How old am I?", "Which languages do I speak?", "What am I allergic to?",
    "What diet am I on?", "What car do I drive?", "What instrument do I play?",
    "When's my birthday?", "What's my favourite colour?", "Where am I originally from?",
    "What's my favourite food?", "What do I collect?", "Which language am I learning?",
    "What's my wife's name?", "What's my favourite film?", "What do I do on Tuesday nights?",
    "What's our cat called?",
]
THIRTY_THIRD = Script(
    sessions=[
        ["Evening Kai, Hamish here.",
         "Unlike my brother, who's in London, I live in Glasgow.",
         "My wife Morag's a teacher, whereas I'm a joiner.",
         "How many islands does Scotland have?",
         "Both my sons work in banking, but I work for Balfour Beatty.",
         "Morag can't function without coffee; for me it's builder's tea first thing.",
         "Our neighbours have a cat called Smudge, and our dog's called Bonnie."],
        ["Dreich day, isn't it.", "My daughter Isla is 19, and I'm 47.",
         "Morag only speaks English, but I've got Gaelic from my granny.",
         "Morag's allergic to nuts, and I'm allergic to wasp stings.",
         "The kids eat everything, but I'm on a low-carb diet.",
         "Morag drives a Mini; I drive a Ford Focus.",
         "Isla plays the fiddle, and I play the bagpipes.",
         "Morag's birthday is in July and mine's the 25th of January."],
        ["Navy's my favourite colour, Morag prefers red.",
         "Morag is from Aberdeen, but I'm originally from Inverness.",
         "The boys love pizza, but my favourite food is haggis.",
         "My brother collects coins; I collect whisky miniatures.",
         "Isla's learning French at uni and I'm learning Norwegian.", "aye fair enough",
         "Morag's favourite film is Titanic; mine's Braveheart.",
         "Morag does Pilates on Mondays, and I go curling on Tuesday nights.",
         "We've also got a cat, Tattie."],
        ["We've moved to Edinburgh, though my brother's still in London.",
         "I'm not a joiner anymore, I'm a firefighter now.",
         "Mitie took me on, so I'm done with Balfour Beatty.",
         "These days I'm on black coffee first thing, not builder's tea.",
         "I sold the Focus and bought a Volvo XC40; Morag kept her Mini.",
         "Cullen skink is my favourite food now, not haggis.", "Right, cheerio!"],
        THIRTY_THIRD_QUESTIONS[:12],
        THIRTY_THIRD_QUESTIONS[12:],
    ],
    facts=_facts(THIRTY_THIRD_QUESTIONS, _THIRTY_THIRD_VALUES),
    trivia_markers=("islands", "dreich", "aye fair", "cheerio"),
)

# Thirty-fourth: Tomasz, Leeds -> Sheffield. Facts given as labelled notes and lists, the way
# people set up an assistant ("Name: Tomasz", "Pets:\n- dog, Kuba", "Favourites: colour
# burgundy, film Jaws, food pierogi") and changes given as updates ("Update: moved from Leeds
# to Sheffield."). Written before any change of its round, kept to be run once untouched.
_THIRTY_FOURTH_VALUES: list[tuple[str, str | None]] = [
    ("tomasz", None), ("sheffield", "leeds"), ("site manager", "electrician"),
    ("kier", "amey"), ("green tea", "yerba"), ("kuba", None), ("agnieszka", None),
    ("38", None), ("polish", None), ("penicillin", None), ("gluten", None),
    ("tesla", "skoda"), ("trumpet", None), ("feb", None), ("burgundy", None),
    ("gdansk", None), ("bigos", "pierogi"), ("vinyl", None), ("spanish", None),
    ("ewa", None), ("jaws", None), ("football", None), ("mruczek", None),
]
THIRTY_FOURTH_QUESTIONS = [
    "What's my name?", "Which city do I live in?", "What's my job?", "Who do I work for?",
    "What do I drink in the morning?", "What's my dog called?", "What's my sister's name?",
    "How old am I?", "Which languages do I speak?", "What am I allergic to?",
    "What diet do I follow?", "What car do I drive?", "Which instrument do I play?",
    "When's my birthday?", "What's my favourite colour?", "Where am I originally from?",
    "What's my favourite food?", "What do I collect?", "Which language am I learning?",
    "What's my partner's name?", "What's my favourite film?", "What do I do on Wednesdays?",
    "What's my cat called?",
]
THIRTY_FOURTH = Script(
    sessions=[
        ["Hi Kai, quick intro so you know who you're talking to.\nName: Tomasz\nAge: 38\n"
         "Home: Leeds",
         "Work - electrician, at Amey.",
         "What's the capital of Slovenia?",
         "Morning drink: yerba mate.",
         "Pets:\n- dog, Kuba\n- cat, Mruczek"],
        ["Lovely weather today.", "Languages: Polish, English and a bit of Russian.",
         "Allergies - penicillin.", "Diet: gluten-free (coeliac).", "Car: Skoda Octavia.",
         "Instrument - trumpet, since school.", "Birthday: 14 Feb.", "Sister: Agnieszka."],
        ["Favourites: colour burgundy, film Jaws, food pierogi.", "Originally from Gdansk.",
         "Collect: vinyl records.", "Currently learning: Spanish (Duolingo, day 200).",
         "ok cool", "Partner: Ewa.", "Wednesdays = five-a-side football."],
        ["Update: moved from Leeds to Sheffield.",
         "Job update - no longer an electrician, now a site manager.",
         "Employer now Kier (left Amey).",
         "Morning drink is now green tea, not yerba mate.",
         "Car: sold the Skoda, got a Tesla Model 3.",
         "Favourite food changed: bigos, not pierogi anymore.",
         "That's all for now, bye!"],
        THIRTY_FOURTH_QUESTIONS[:12],
        THIRTY_FOURTH_QUESTIONS[12:],
    ],
    facts=_facts(THIRTY_FOURTH_QUESTIONS, _THIRTY_FOURTH_VALUES),
    trivia_markers=("slovenia", "lovely weather", "ok cool", "all for now"),
)

# Thirty-fifth: Rosa, Porto -> Lisbon. Labelled notes and lists again, in other shapes
# (arrows, "=", "|" between fields, bullets with "*", several changes in one list).
# Written together with the thirty-fourth, before any change of its round: the second
# wording of that register, kept to be run once untouched and not tuned on.
_THIRTY_FIFTH_VALUES: list[tuple[str, str | None]] = [
    ("rosa", None), ("lisbon", "porto"), ("translator", "pharmacist"),
    ("galp", "sonae"), ("matcha", "chai"), ("pipoca", None), ("tiago", None),
    ("52", None), ("french", None), ("shellfish", None), ("vegan", None),
    ("honda", "clio"), ("guitar", None), ("oct", None), ("orange", None),
    ("braga", None), ("francesinha", "bacalhau"), ("postcard", None), ("greek", None),
    ("rui", None), ("amadeus", None), ("choir", None), ("mia", None),
]
THIRTY_FIFTH_QUESTIONS = [
    "What's my name?", "Where do I live?", "What do I do for a living?",
    "Which company do I work for?", "What do I drink in the mornings?",
    "What's our dog called?", "What's my son's name?", "How old am I?",
    "What languages do I speak?", "What am I allergic to?", "What's my diet?",
    "What do I get around in?", "What instrument do I play?", "When is my birthday?",
    "What's my favourite colour?", "Where's my hometown?", "What's my favourite food?",
    "What do I collect?", "What language am I learning?", "What's my husband called?",
    "What's my favourite film?", "What do I do on Fridays?", "What's the cat called?",
]
THIRTY_FIFTH = Script(
    sessions=[
        ["Hello Kai! A bit about me -\n* Rosa, 52\n* based in Porto\n"
         "* pharmacist with Sonae",
         "What's the longest river in Portugal?",
         "Mornings -> chai latte.",
         "Our dog = Pipoca."],
        ["Hi again!", "Son: Tiago (24).", "Languages -> Portuguese, English, French.",
         "Allergic: shellfish.", "Diet -> vegan.", "Wheels: a Renault Clio.",
         "Instrument = guitar (Portuguese guitar, actually).", "Bday 9 Oct."],
        ["Fav colour: orange | fav film: Amadeus | fav food: bacalhau",
         "Hometown -> Braga.", "Collection: old postcards.", "Learning -> Greek.",
         "fine, thanks", "Husband = Rui.", "Fridays: choir practice.", "Cat -> Mia."],
        ["Changes since we last spoke:\n* live in Lisbon now (left Porto)\n"
         "* new job: translator\n* work for Galp",
         "Mornings -> matcha now, no more chai latte.",
         "The Clio's gone - I ride a Honda PCX scooter.",
         "Fav food: francesinha (was bacalhau).", "Ate logo!"],
        THIRTY_FIFTH_QUESTIONS[:12],
        THIRTY_FIFTH_QUESTIONS[12:],
    ],
    facts=_facts(THIRTY_FIFTH_QUESTIONS, _THIRTY_FIFTH_VALUES),
    trivia_markers=("longest river", "hi again", "fine, thanks", "ate logo"),
)

# Thirty-sixth: Rasmus, Aarhus -> Rotterdam. Profile-note register: "label: value" blocks,
# pipes, arrows, "=" and "//" fields, bullet lists under headings, terse one-line updates.
# Written by another hand that had not seen the capture code, after the reader of labelled
# notes was built and before it was run: kept to be run once untouched, not tuned on.
_THIRTY_SIXTH_VALUES: list[tuple[str, str | None]] = [
    ("rasmus", None), ("rotterdam", "aarhus"), ("sommelier", "pharmac"),
    ("wilhelmina", "lindegaard"), ("yerba", "cortado"), ("pretzel", None),
    ("torsten", None), ("41", None), ("faroese", None), ("sesame", None),
    ("pescatarian", None), ("polestar", "skoda"), ("accordion", None), ("nov", None),
    ("ochre", None), ("esbjerg", None), ("bitterballen", "frikadeller"),
    ("fountain pen", None), ("icelandic", None), ("sigrun", None), ("lebowski", None),
    ("thursday", None), ("humle", None),
]
THIRTY_SIXTH_QUESTIONS = [
    "What's my name?", "Where do I live?", "What do I do for work?", "Who do I work for?",
    "What do I drink in the morning?", "What's my dog called?", "What's my brother's name?",
    "How old am I?", "Which languages do I speak?", "What am I allergic to?",
    "What diet do I follow?", "What car do I drive?", "What instrument do I play?",
    "When's my birthday?", "What's my favourite colour?", "Where am I originally from?",
    "What's my favourite food?", "What do I collect?", "Which language am I learning?",
    "What's my partner's name?", "What's my favourite film?", "Which day do I go bouldering?",
    "What's my cat called?",
]
THIRTY_SIXTH = Script(
    sessions=[
        [
            "setting you up, basics first:\nname: Rasmus Holm\nage: 41\nbased in: Aarhus, DK",
            "work -> pharmacist @ Apoteket Lindegaard (dispensing + the vaccine clinic)",
            "am drink: cortado, double, no sugar. non-negotiable before 8",
            "random q, not for the profile - how many bones are in a giraffe's neck?",
            "HOUSEHOLD\n- partner: Sigrun\n- dog: Pretzel (dachshund, 6)\n- cat: Humle",
        ],
        [
            "langs | Danish | English | Faroese (mum's side)",
            "MEDICAL\nallergy = sesame (epipen in bag)\ndiet = pescatarian",
            "car: Skoda Octavia estate, 2016, grey",
            "bit knackered today, long shift. anyway, carrying on",
            "instrument // accordion, badly, ~8 yrs\nb-day // 09 Nov\nfav colour // ochre",
        ],
        [
            "origin: Esbjerg (grew up there, moved for uni)",
            "fav food - frikadeller w/ boiled potatoes",
            "collect: fountain pens, ~30, mostly Pelikan",
            "fam >> bro Torsten (older, lives in Odense)",
            "learning: Icelandic; fav film: The Big Lebowski; weekly: Thursdays = bouldering",
            "unrelated: which is the tallest lighthouse in Europe?",
        ],
        [
            "UPDATES (moved!)\ncity: Aarhus -> Rotterdam\njob: pharmacist -> sommelier\n"
            "employer: Hotel Wilhelmina (was Apoteket Lindegaard)",
            "am drink now yerba mate, cortado dropped",
            "sold the Skoda. car = Polestar 2",
            "fav food update | bitterballen > frikadeller now",
            "that's everything for now, ttyl",
        ],
        THIRTY_SIXTH_QUESTIONS[:12],
        THIRTY_SIXTH_QUESTIONS[12:],
    ],
    facts=_facts(THIRTY_SIXTH_QUESTIONS, _THIRTY_SIXTH_VALUES),
    trivia_markers=("giraffe", "knackered", "lighthouse", "ttyl"),
)

# Thirty-seventh: Leopold, Utrecht -> Trondheim. Facts come as pasted profile notes: tables,
# YAML-ish blocks, bullets and key=value lines; changes are terse diffs and arrows.
# Written by another hand that had not seen the capture code, after the thirty-sixth's
# untouched run. Its messages showed up in a listing of the rules' output while the
# thirty-sixth was being worked on, so it is no clean held-out test: no change was aimed
# at it, and the thirty-eighth was written to be the untouched one.
_THIRTY_SEVENTH_VALUES: list[tuple[str, str | None]] = [
    ("leopold", None), ("trondheim", "utrecht"), ("cartograph", "paralegal"),
    ("nordlys", "van dijk"), ("yerba", "espresso"), ("bramble", None), ("joost", None),
    ("41", None), ("frisian", None), ("shellfish", None), ("pescatarian", None),
    ("nissan", "volvo"), ("bassoon", None), ("nov", None), ("ochre", None),
    ("leeuwarden", None), ("bibimbap", "stamppot"), ("fountain pen", None),
    ("icelandic", None), ("femke", None), ("grand budapest", None), ("thursday", None),
    ("tybalt", None),
]
THIRTY_SEVENTH_QUESTIONS = [
    "What's my name?", "Which city do I live in now?", "What do I do for a living?",
    "Who is my employer?", "What do I drink in the morning?", "What's my dog called?",
    "What's my brother's name?", "How old am I?", "Which languages do I speak?",
    "What am I allergic to?", "What diet do I follow?", "What car do I drive?",
    "Which instrument do I play?", "Which month is my birthday in?",
    "What's my favourite colour?", "Where am I originally from?", "What's my favourite food?",
    "What do I collect?", "Which language am I learning?", "What's my partner's name?",
    "What's my favourite film?", "Which day of the week do I go bouldering?",
    "What's my cat called?",
]
THIRTY_SEVENTH = Script(
    sessions=[
        ["Setting you up. Profile basics:\nNAME: Leopold Brouwer\nAGE: 41\nCITY: Utrecht (NL)",
         "| field | value |\n|---|---|\n| job | paralegal |\n"
         "| employer | Van Dijk & Moll Advocaten |\n| morning drink | double espresso |",
         "unrelated, but how many moons does Jupiter have these days?",
         "pets:\n  dog:\n    name: Bramble\n    breed: border collie\n  cat:\n    name: Tybalt"],
        ["family -> brother = Joost; partner = Femke",
         "\u2022 langs: Dutch, English, Frisian\n\u2022 allergy: shellfish (EpiPen in bag)\n"
         "\u2022 diet: pescatarian",
         "car \u2014 Volvo V70 estate, 2011 model",
         "hang on, the printer jammed again, one sec"],
        ["misc:\n1. instrument: bassoon (community orchestra)\n2. bday: 3 Nov\n"
         "3. fav colour: ochre",
         "from: Leeuwarden / fav food: stamppot / collecting: fountain pens",
         "currently learning (Icelandic) \u2014 Duolingo, 212-day streak",
         "FILM: The Grand Budapest Hotel\nWEEKLY: bouldering, Thursday evenings",
         "side q: what's the tallest mountain in the Alps?"],
        ["updates:\n- moved: Utrecht -> Trondheim\n"
         "- new job: cartographer @ Nordlys Geodata (left Van Dijk & Moll)",
         "morning drink: ~~espresso~~ yerba mate",
         "vehicle: Volvo -> Nissan Leaf (sold the old one)",
         "no longer stamppot. fav food = bibimbap now",
         "that's all for today, thanks!"],
        THIRTY_SEVENTH_QUESTIONS[:12],
        THIRTY_SEVENTH_QUESTIONS[12:],
    ],
    facts=_facts(THIRTY_SEVENTH_QUESTIONS, _THIRTY_SEVENTH_VALUES),
    trivia_markers=("jupiter", "printer", "tallest"),
)

# Thirty-eighth: Beatrix, Bristol -> Norwich. Notes-app register: labelled fields, dash and
# bullet lists, slashes and arrows, asides in brackets, with a few plain short sentences.
# Written by another hand that had not seen the capture code, after the changes the
# thirty-sixth informed: kept to be run once untouched.
_THIRTY_EIGHTH_VALUES: list[tuple[str, str | None]] = [
    ("beatrix", None), ("norwich", "bristol"), ("surveyor", "pharmac"),
    ("brackenridge", "lloyds"), ("matcha", "yerba"), ("waffles", None), ("anselm", None),
    ("41", None), ("welsh", None), ("sesame", None), ("vegan", None), ("vespa", "skoda"),
    ("banjo", None), ("nov", None), ("ochre", None), ("aberystwyth", None),
    ("bibimbap", "lasagne"), ("enamel pin", None), ("icelandic", None), ("jonas", None),
    ("grand budapest", None), ("thursday", None), ("noodle", None),
]
THIRTY_EIGHTH_QUESTIONS = [
    "What's my name?", "Which city do I live in?", "What do I do for work?",
    "Who do I work for?", "What do I drink in the morning?", "What's my dog called?",
    "What's my brother's name?", "How old am I?", "Which languages do I speak?",
    "What am I allergic to?", "What diet do I follow?", "What vehicle do I have?",
    "Which instrument do I play?", "When is my birthday?", "What's my favourite colour?",
    "Where am I originally from?", "What's my favourite food?", "What do I collect?",
    "Which language am I learning?", "What's my partner's name?",
    "What's my favourite film?", "Which day of the week do I go bouldering?",
    "What's my cat called?",
]
THIRTY_EIGHTH = Script(
    sessions=[
        [
            "hi Kai. setting you up, basics first:\nname: Beatrix (Bea is fine)\nage: 41\n"
            "based in: Bristol",
            "work - pharmacist @ Lloyds Pharmacy, Clifton branch",
            "morning drink: yerba mate, always, before anything else",
            "pets:\n- dog, Waffles (lurcher, very daft)\n- cat, Noodle",
            "random q - how deep is the Mariana Trench?",
        ],
        [
            "more about me\n- from: Aberystwyth originally\n- languages: English + Welsh",
            "currently learning Icelandic (Duolingo streak 212 days, don't judge)",
            "diet: vegan / allergy: sesame (proper one, I carry an epipen)",
            "brother - Anselm. partner - Jonas.",
            "bday Nov 3rd, fav colour ochre",
            "long day. brain = mush, pls be gentle with me",
        ],
        [
            "hobbies etc:\n* banjo (badly)\n* collect enamel pins, ~300 now\n"
            "* bouldering every Thursday w/ the work lot",
            "fav film: The Grand Budapest Hotel. fav food: lasagne",
            "I drive a Skoda (old Octavia estate).",
            "off topic, who wrote Frankenstein?",
        ],
        [
            "update - moved to Norwich last month",
            "job change: now a surveyor at Brackenridge Surveys (left Lloyds, no longer a "
            "pharmacist)",
            "sold the Skoda -> Vespa now (parking is so much easier)",
            "matcha instead of yerba mate in the mornings these days\n"
            "also fav food is bibimbap now, not lasagne",
            "thx Kai, that's all for now, bye!",
        ],
        THIRTY_EIGHTH_QUESTIONS[:12],
        THIRTY_EIGHTH_QUESTIONS[12:],
    ],
    facts=_facts(THIRTY_EIGHTH_QUESTIONS, _THIRTY_EIGHTH_VALUES),
    trivia_markers=("mariana", "trench", "frankenstein", "mush"),
)

# Thirty-ninth: Imogen, Cardiff -> Edinburgh. Chatty lowercase phone rambles, typos, facts in passing.  # noqa: E501
# Written by another hand that had not seen the capture code, after the changes the
# thirty-eighth informed: kept to be run once untouched.
_THIRTY_NINTH_VALUES: list[tuple[str, str | None]] = [
    ("imogen", None), ("edinburgh", "cardiff"), ("pastry", "florist"),
    ("gourmand", "petal"), ("yerba", "chai"), ("marmite", None),
    ("fergus", None), ("31", None), ("welsh", None),
    ("kiwi", None), ("pescatarian", None), ("cargo", "panda"),
    ("ukulele", None), ("nov", None), ("teal", None),
    ("whitby", None), ("katsu", "fish pie"), ("postcard", None),
    ("japanese", None), ("callum", None), ("budapest", None),
    ("thursday", None), ("gnocchi", None),
]
THIRTY_NINTH_QUESTIONS = [
    "ok quick test lol whats my name?",
    "where do i live these days?",
    "whats my job now?",
    "and who am i working for atm?",
    "what do i drink first thing in the morning?",
    "whats my dogs name again?",
    "whats my brothers name?",
    "how old am i?",
    "what languages do i speak?",
    "what am i allergic to?",
    "what kind of diet am i on?",
    "what do i get around on at the moment?",
    "what instrument do i play?",
    "when's my birthday?",
    "whats my favourite colour?",
    "where am i from originally?",
    "whats my favourite food rn?",
    "what do i collect?",
    "what language am i learning atm?",
    "whats my boyfriends name?",
    "whats my fave film?",
    "what day is my pottery class?",
    "and whats the cats name?",
]
THIRTY_NINTH = Script(
    sessions=[
        [
            (
                "hiii ok so my friend said i should try talking to an assistant thing to keep my "
                "life together lol. im imogen btw, 31, chronically disorganised, and currently "
                "sat on the floor of my flat in cardiff surrounded by buckets of eucalyptus bc "
                "i brought work home AGAIN"
            ),
            (
                "yeah so im a florist, i work at petal & stem on the high street, its a tiny "
                "shop but the owner is lovely and lets me bring the dog in. tbh the hours are "
                "brutal around valentines and mothers day but i genuinely love it, its the "
                "first job ive had where i dont dread sunday nights"
            ),
            (
                "ugh marmite (the dog, hes a scruffy little terrier thing) just knocked my mug "
                "over, luckily it was only dregs. i cant function without a chai latte first "
                "thing, like i literally make one before i even look at my phone in the "
                "morning, its a whole ritual"
            ),
            (
                "random q but who actually wrote frankenstein? my mate swears it was some "
                "victorian man and i feel like thats wrong"
            ),
            (
                "haha knew it!! ok thanks, im off to get these stems in water before they die "
                "on me. night!"
            ),
        ],
        [
            (
                "morning!! well, afternoon. ok so my brother fergus is coming to stay next "
                "weekend and i have nothing planned, any ideas for a rainy day with someone "
                "who only likes board games and pubs"
            ),
            (
                "slightly nervous tbh, hes bringing his new girlfriend and our family is a bit "
                "much. like we all grew up speaking welsh at home so we switch between english "
                "and welsh mid sentence without noticing and people think were being rude lol"
            ),
            (
                "oh and can you suggest something easy for dinner while theyre here? im "
                "pescatarian so fish is fine but no meat, and PLEASE nothing with kiwi in it, "
                "im allergic, found that out the hard way at a wedding when my whole mouth "
                "went itchy and swollen"
            ),
            (
                "the plan is to drive up to the beacons if its dry, the fiat panda is tiny but "
                "it gets us there lol, its bright yellow and makes a horrible noise going "
                "uphill. fergus will 100% mock it the entire way"
            ),
            (
                "also my birthday is november 3rd and fergus ALWAYS forgets so if you could "
                "somehow make it his problem that would be great haha. unrelated but i play "
                "the ukulele (badly), is it weird to bring it to the pub for a singalong"
            ),
            (
                "ok last thing whats the tallest mountain in africa? pub quiz last night and "
                "we lost on that one. there was a fave colour round too and i said teal "
                "obviously, literally everything i own is teal"
            ),
        ],
        [
            (
                "hellooo. random nostalgia day, found a box of my old stuff from whitby where i "
                "grew up, loads of photos of the abbey and the pier. do you ever get homesick? "
                "(lol sorry you probably dont)"
            ),
            (
                "also in the box was the start of my collection!! i collect vintage postcards, "
                "mostly seaside ones from the 50s and 60s, theres like 400 now and callum (my "
                "boyfriend) says theyre slowly taking over the flat"
            ),
            (
                "gnocchi is sitting in the postcard box rn btw, shes the cat, tabby, extremely "
                "judgemental. she and marmite have an uneasy truce going"
            ),
            "ok question, how many hearts does an octopus have? callum and i are arguing",
            (
                "tonights plan is fish pie (my all time fave food, my nans recipe) and the "
                "grand budapest hotel for the millionth time, its my favourite film ever, the "
                "colours!! then tomorrow is thursday which means pottery class, i go every "
                "thursday and its honestly the best part of my week"
            ),
            (
                "oh and im trying to learn japanese on duolingo bc callum and i want to go to "
                "tokyo next spring, im on a 40 day streak, dont ask me how much i actually "
                "know tho"
            ),
        ],
        [
            (
                "ok SO much has happened since we last talked. big news, we moved to "
                "edinburgh!!! callum got offered a job up here and we just went for it, the "
                "flat in cardiff is officially someone elses problem now"
            ),
            (
                "and i handed in my notice at petal & stem (cried, the owner gave me a massive "
                "bouquet lol) and im starting at gourmand bakehouse monday as a pastry chef. "
                "yes really!! ive been doing night classes for ages and they actually hired me"
            ),
            (
                "also sold the panda before the move, it wouldnt have survived the hills here "
                "anyway. got a cargo bike instead and marmite rides in the front box like a "
                "little king"
            ),
            (
                "new city new me, ive switched from chai to yerba mate in the mornings, the "
                "cafe round the corner does it and im hooked. and honestly my favourite food "
                "is katsu curry now, theres a place on leith walk that does a prawn katsu "
                "that has ruined fish pie for me forever"
            ),
            (
                "random one, which planet has the most moons? i saw something about it "
                "changing and now i need to know"
            ),
            (
                "ok bye for now, got to go unpack about a million boxes of postcards, talk "
                "soon!!"
            ),
        ],
        THIRTY_NINTH_QUESTIONS[:12],
        THIRTY_NINTH_QUESTIONS[12:],
    ],
    facts=_facts(THIRTY_NINTH_QUESTIONS, _THIRTY_NINTH_VALUES),
    trivia_markers=("frankenstein", "shelley", "kilimanjaro", "octopus", "saturn"),
)

# Fortieth: Agnieszka, Hannover -> Freiburg. Polite, careful non-native (Polish) English.
# Written by another hand that had not seen the capture code, after the changes the
# thirty-eighth informed: kept to be run once untouched.
_FORTIETH_VALUES: list[tuple[str, str | None]] = [
    ("agnieszka", None), ("freiburg", "hannover"), ("translat", "pharmac"),
    ("wortwerk", "sonnen"), ("cocoa", "buttermilk"), ("kluska", None),
    ("jadwiga", None), ("44", None), ("polish", None),
    ("penicillin", None), ("gluten", None), ("yamaha", "skoda"),
    ("accordion", None), ("jul", None), ("burgundy", None),
    ("lublin", None), ("goulash", "pierogi"), ("fountain pen", None),
    ("italian", None), ("wojtek", None), ("paradiso", None),
    ("tuesday", None), ("pestka", None),
]
FORTIETH_QUESTIONS = [
    "Can you tell me please, what is my first name?",
    "In which city I am living now?",
    "What is my work at the moment?",
    "By which company I am working now?",
    "What I drink usually in the morning?",
    "How is the name of my dog?",
    "How is called my sister?",
    "How old I am?",
    "Which languages I speak?",
    "Against what I am allergic?",
    "Which diet I must follow?",
    "With what vehicle I am driving now?",
    "Which instrument I play?",
    "When is my birthday?",
    "What is my favourite colour?",
    "From where I am coming originally?",
    "What is now my favourite food?",
    "What I am collecting?",
    "Which language I am learning at the moment?",
    "How is the name of my husband?",
    "Which is my favourite film?",
    "On which day of the week I go swimming?",
    "And how is called my cat?",
]
FORTIETH = Script(
    sessions=[
        [
            (
                "Good evening. My name is Agnieszka and I am new with such an assistant, so "
                "please be patient with me. I am living in Hannover since six years, together "
                "with my husband Wojtek."
            ),
            (
                "My work is as a pharmacist in the Sonnen-Apotheke, near to the main station. "
                "It is a small pharmacy but we have very many customers, especially in winter."
            ),
            (
                "Could you explain me please, who has composed The Four Seasons? My colleague "
                "says it was Mozart, but I think this is not correct."
            ),
            (
                "Thank you. For breakfast I drink always a glass of buttermilk, already from "
                "my childhood. My colleagues find it strange, but for me it is normal."
            ),
            (
                "I have 44 years, and I was born in Lublin, in the east of Poland. I came to "
                "Germany after my studies."
            ),
            "Good night, and thank you for the help.",
        ],
        [
            (
                "Hello again. Today I want to ask you for a recipe. I must eat gluten-free, "
                "because I have the coeliac disease, so please no normal flour."
            ),
            (
                "Also important: I am allergic against penicillin. This is not for the recipe, "
                "only I want that you know it, in case I ask about medicine sometime."
            ),
            (
                "Our dog Kluska is waiting by the door, she wants to go for a walk. Kluska is "
                "a kind of dumpling in Polish, and she is very round, so the name fits."
            ),
            (
                "I speak Polish, German and English, but the English is my weakest, I think. "
                "Now I am learning also Italian, in an evening course, because we travel "
                "every summer to Italy."
            ),
            (
                "What is the capital of Australia? I thought always it is Sydney, but my "
                "nephew laughed about me."
            ),
            (
                "Ah, so it is Canberra. Thank you, I will tell him he was right. Tonight I "
                "watch with Wojtek Cinema Paradiso, it is my favourite film, I have seen it "
                "maybe twenty times. Until next time."
            ),
        ],
        [
            (
                "Good morning. My sister Jadwiga comes to visit us from Poland next week. Can "
                "you recommend me something to do with her on a rainy day?"
            ),
            (
                "If the weather is good, we drive probably with our Skoda Octavia to the Harz "
                "mountains. In the evening I will play for her the accordion, our father "
                "taught it to us when we were children."
            ),
            (
                "My birthday is on the 22nd of July, so she comes a little early, but we "
                "celebrate anyway. My favourite colour is burgundy, maybe she brings me again "
                "a burgundy scarf."
            ),
            (
                "My favourite food is pierogi, of course the gluten-free version what I make "
                "myself. Also I collect fountain pens, I have now almost thirty of them."
            ),
            (
                "Sorry, a different question: how long is the Great Wall of China? We have a "
                "quiz evening in our street soon."
            ),
            (
                "Thank you. Our cat Pestka does not like visitors, she hides always under the "
                "bed. And every Tuesday I go swimming before work, this I will not cancel even "
                "for my sister. Goodbye for today."
            ),
        ],
        [
            (
                "Hello, it is long time since we talked. Now I am not anymore in Hannover, we "
                "moved to Freiburg last month, because Wojtek got a position at the university."
            ),
            (
                "Also my work is changed. From this month I work not more as pharmacist but as "
                "translator, by a small agency called Wortwerk, for medical texts from Polish "
                "to German."
            ),
            (
                "The Skoda we have sold before the moving. Now I ride a Yamaha motorcycle, it "
                "is more practical in the narrow streets here, and I have dreamed about it "
                "always."
            ),
            (
                "For breakfast I drink now not buttermilk anymore, but a hot cocoa, because "
                "Wojtek makes it for both of us every morning. And my favourite food is now "
                "goulash, not pierogi anymore, there is a Hungarian restaurant near our flat."
            ),
            (
                "Can you tell me, why is the sky blue? My nephew asks me this and I could not "
                "explain it to him."
            ),
            "Thank you very much for everything. Goodbye and until soon.",
        ],
        FORTIETH_QUESTIONS[:12],
        FORTIETH_QUESTIONS[12:],
    ],
    facts=_facts(FORTIETH_QUESTIONS, _FORTIETH_VALUES),
    trivia_markers=("vivaldi", "four seasons", "canberra", "great wall", "rayleigh"),
)

# Forty-first: Brenna, Tulsa -> Spokane. Phone voice dictation: lowercase run-ons, fillers.
# Written by another hand that had not seen the capture code, after the changes the
# fortieth informed: kept to be run once untouched.
_FORTY_FIRST_VALUES: list[tuple[str, str | None]] = [
    ("brenna", None),
    ("spokane", "tulsa"),
    ("hygienist", "vet tech"),
    ("northstar", "riverbend"),
    ("yerba mate", "chai"),
    ("gizmo", None),
    ("shayla", None),
    ("29", None),
    ("tagalog", None),
    ("penicillin", None),
    ("gluten", None),
    ("mazda", "subaru"),
    ("ukulele", None),
    ("october", None),
    ("mustard", None),
    ("duluth", None),
    ("birria", "tikka masala"),
    ("snow globe", None),
    ("korean", None),
    ("dorian", None),
    ("princess bride", None),
    ("thursday", None),
    ("ziggy", None),
]
FORTY_FIRST_QUESTIONS = [
    "um hey okay so quiz time do you remember what my name is",
    "what city do i live in right now",
    "okay so what do i do for work these days like whats my job",
    "and where do i work whats the place called",
    "what do i usually drink in the morning",
    "whats my dogs name",
    "uh whats my sisters name again",
    "how old am i",
    "what languages do i speak",
    "what am i allergic to",
    "what kind of diet do i follow like what do i eat or not eat",
    "what car do i drive",
    "hey so round two what instrument do i play",
    "what month is my birthday in",
    "whats my favorite color",
    "where am i originally from like where did i grow up",
    "whats my favorite food right now",
    "what do i collect",
    "what language am i learning",
    "whats my boyfriends name",
    "whats my favorite movie",
    "what day of the week do i go climbing",
    "and last one whats my cats name",
]
FORTY_FIRST = Script(
    sessions=[
        [
            (
                "hey um okay so my friend said i should try talking to you instead of tying "
                "everything out so uh hi im brenna by the way"
            ),
            (
                "so like the thing is i just got this phone set up and im trying to get my life "
                "organized you know i live in tulsa and everything is kind of all over the "
                "place right now so yeah"
            ),
            (
                "okay wait first random question how far away is the moon like actually in miles "
                "i have a bet going with someone and i need to win it"
            ),
            (
                "so for context i work as a vet tech at riverbend animal hospital over on "
                "eleventh street and the shifts are like ten hours so i kind of need reminders "
                "for literally everything"
            ),
            (
                "like every single morning i make a chai latte before anything else happens "
                "and then i take gizmo out hes my dog hes a corgi mix and he is so dramatic "
                "about the whether like if its drizzling he just lays down on the sidewalk"
            ),
            (
                "oh and um can you help me remember that my sister shayla has her baby shower "
                "on the fourteenth i keep forgetting which is embarrassing because im 29 and i "
                "should be able to remember one date"
            ),
            (
                "also totally random but i grew up in duluth so the winters here are nothing "
                "lol and my mom is filipino so i speak tagalog like pretty decently and english "
                "obviously but my tagalog gets rusty when i dont call her"
            ),
            "okay thats all for now thanks youre actually kind of helpful",
        ],
        [
            "hi again its me um okay so im trying to meal plan for the week",
            (
                "so the things you should know is im allergic to penicillin which i guess "
                "doesnt matter for food but whatever and i eat gluten free ever since i got "
                "diagnosed with celiac like two years ago so no regular pasta or bread or "
                "anything"
            ),
            (
                "my favorite food in the whole entire world is chicken tikka masala like i "
                "would eat it every day if i could so maybe put that in for one night"
            ),
            (
                "wait totally unrelated how many hearts does an octopus have my boyfriend "
                "dorian says three and i think hes just making it up to mess with me"
            ),
            (
                "okay also i need to get the oil changed on my subaru its like super overdue "
                "and then on the weekend i have ukulele with this little group at the library "
                "i play ukulele its not a joke we are actually okay"
            ),
            (
                "oh um my birthday is in october and dorian keeps asking what i want and "
                "honestly just anything mustard yellow like thats my favorite color i know its "
                "weird but it is"
            ),
            (
                "or he could get me a snow globe because i collect them i have like forty "
                "something on a shelf in the hallway and um im learning korean on duo lingo "
                "right now so like a snow globe from seoul would be perfect"
            ),
            (
                "okay last thing tonight were watching the princess bride for like the "
                "hundredth time its my favorite movie ever and my cat ziggy always sits right "
                "on the remote so we cant pause it"
            ),
            (
                "oh and i go bouldering every thursday after work so dont let me put anything "
                "on thursday nights thats like my sacred climbing night"
            ),
        ],
        [
            "hey kai its been a minute um okay big news",
            (
                "so we actually moved dorian got this job offer so we left tulsa like three "
                "weeks ago and now we live in spokane washington and its so green here its "
                "kind of unreal"
            ),
            (
                "and i quit being a vet tech which was sad i miss the animals so much but i had "
                "been doing the hygiene program at night for two years and i passed my boards "
                "so now im officially a dental hygienist"
            ),
            (
                "so i dont work at riverbend anymore obviously i work at northstar dental now "
                "its a small practice downtown and my boss is really nice so far"
            ),
            (
                "oh okay random how tall is the eiffel tower we were arguing about it the "
                "whole drive up here"
            ),
            (
                "the drive was like twenty hours by the way and gizmo got car sick somewhere "
                "in montana so that was fun"
            ),
            (
                "anyway can you help me write like a short thank you note to my old coworkers "
                "something not too sappy"
            ),
            "thats perfect thank you",
        ],
        [
            "hi kai good morning um so a couple updates",
            (
                "so i basically quit chai lattes the sugar was killing me and now i drink yerba "
                "mate every morning instead out of this little gourd thing dorian got me"
            ),
            (
                "oh and the subaru finally died like the transmission just went on the highway "
                "so i bought a used mazda instead its blue and it gets way better mileage"
            ),
            "question is a platypus actually a mammal or is that like a myth",
            (
                "okay and this is gonna sound dramatic but tikka masala is not my favorite "
                "anymore theres a food truck by the office that does birria tacos on corn "
                "tortillas so theyre safe for me and they are my new favorite food no contest"
            ),
            "its raining again which everyone warned me about so yeah",
            "um can you see the rings on saturn with like a normal backyard telescope",
            "okay cool thanks talk later",
        ],
        FORTY_FIRST_QUESTIONS[:12],
        FORTY_FIRST_QUESTIONS[12:],
    ],
    facts=_facts(FORTY_FIRST_QUESTIONS, _FORTY_FIRST_VALUES),
    trivia_markers=("moon", "octopus", "eiffel", "platypus", "saturn"),
)

# Forty-second: Emrys, Aberystwyth -> Shrewsbury. Retired Welshman, formal letter-style emails.
# Written by another hand that had not seen the capture code, after the changes the
# fortieth informed: kept to be run once untouched.
_FORTY_SECOND_VALUES: list[tuple[str, str | None]] = [
    ("emrys", None),
    ("shrewsbury", "aberystwyth"),
    ("bookkeeper", "guide"),
    ("marsden", "ceredigion museum"),
    ("dandelion", "lapsang"),
    ("cadno", None),
    ("angharad", None),
    ("73", None),
    ("welsh", None),
    ("wasp", None),
    ("vegetarian", None),
    ("honda", "volvo"),
    ("euphonium", None),
    ("february", None),
    ("bottle green", None),
    ("blaenau", None),
    ("parmigiana", "glamorgan sausage"),
    ("cigarette card", None),
    ("italian", None),
    ("glenys", None),
    ("brief encounter", None),
    ("tuesday", None),
    ("mrs pugh", None),
]
FORTY_SECOND_QUESTIONS = [
    (
        "Dear Kai, my daughter suggests I test your memory, and I must say I am curious. "
        "To begin simply: do you recall my name?"
    ),
    "In which town do I presently live?",
    "What is my occupation these days?",
    "And for whom, or where, do I work?",
    "What do I take first thing in the morning?",
    "Could you tell me the name of our dog?",
    "What is my sister's name?",
    "How old am I?",
    "Which languages do I speak?",
    "To what am I allergic?",
    "What manner of diet do I keep?",
    "And what motor car do I drive at present?",
    (
        "Dear Kai, I return for the second half of my little examination. "
        "Which instrument do I play?"
    ),
    "In which month does my birthday fall?",
    "What is my favourite colour?",
    "Where was I born and brought up?",
    "What is my favourite dish nowadays?",
    "What is it that I collect?",
    "Which language am I currently trying to learn?",
    "What is my wife's name?",
    "What is my favourite film?",
    "On which day of the week do I go swimming?",
    "And lastly, what is the name of our cat? With thanks, Emrys",
]
FORTY_SECOND = Script(
    sessions=[
        [
            (
                "Dear Kai, My daughter Catrin has installed you on the computer and assures me "
                "that you will answer a letter as promptly as anyone she knows, which is more "
                "than can be said for the council. Allow me to introduce myself. My name is "
                "Emrys Pritchard, I am 73 years of age, and I live in Aberystwyth, in a tall "
                "narrow house within sight of the sea. I was not born here, however: I was "
                "born and raised in Blaenau Ffestiniog, among the slate tips, and I still "
                "think of it as home. Welsh was the language of our house and remains my "
                "first; my English is serviceable and my French is strictly schoolboy. With "
                "good wishes, Emrys"
            ),
            (
                "Dear Kai, Thank you for your kind reply. I wonder if you could settle a small "
                "dispute at our table: in what year was the Magna Carta sealed, and by which "
                "king? My wife maintains it was Henry. I maintain otherwise."
            ),
            (
                "I ought to tell you a little of how my days are spent, so that you may be of "
                "use to me. Since retiring I have kept my hand in as a volunteer guide at the "
                "Ceredigion Museum, two mornings a week, showing visitors round the old "
                "theatre building and answering questions about lead mining that nobody has "
                "asked in forty years. My day begins, as it has since I was a young man, with "
                "a pot of Lapsang Souchong (my late mother's habit, and she would have nothing "
                "else in the house), followed by a turn along the promenade with Cadno, our "
                "border terrier. The name is Welsh for fox, which suits his temperament."
            ),
            (
                "My wife Glenys and I have been married forty-four years this summer. We share "
                "the house with Cadno and with a grey cat called Mrs Pugh, after the "
                "character in Under Milk Wood, who disapproves of us both in much the same "
                "manner. Last night we watched Brief Encounter yet again. It remains my "
                "favourite film of all, though Glenys insists I only care for it because of "
                "the railway refreshment room."
            ),
            (
                "Might you suggest a sensible way of keeping a diary of appointments on this "
                "machine? I have always used a pocket book, but Catrin says I am to move with "
                "the times."
            ),
            "That is most helpful. Diolch yn fawr, and good night. Emrys",
        ],
        [
            (
                "Dear Kai, I write with some household business. My sister Angharad is coming "
                "down from Caernarfon to stay with us for a week, and I must plan the meals. "
                "You should know that I have been vegetarian since 1979, long before it was "
                "fashionable, and that I have been told by more than one doctor that I am "
                "dangerously allergic to wasp stings, so I shall be eating indoors rather "
                "than in the garden in August. My favourite food, as it has been since "
                "childhood, is Glamorgan sausages made to my late mother's recipe, with "
                "Caerphilly cheese and plenty of leek. Angharad will expect them."
            ),
            (
                "A question for you while I think of it: how many bones are there in the "
                "adult human body? My grandson claims a baby has more, which seems to me "
                "improbable."
            ),
            (
                "We still drive the old Volvo estate, which has carried three generations of "
                "Pritchards and a great many bags of compost. It takes me every week to "
                "rehearsals of the town silver band, in which I play the euphonium, as I have "
                "done, with interruptions, since I was a boy in the quarry band at home. The "
                "euphonium is a much misunderstood instrument and I shall not hear a word "
                "against it."
            ),
            (
                "Glenys tells me she is knitting a jumper for my birthday in February. It "
                "will be bottle green, I have no doubt, for that has been my favourite colour "
                "since my grammar school blazer, and she knows better than to attempt "
                "anything else."
            ),
            (
                "The grandchildren have lately discovered my albums of cigarette cards. I have "
                "collected them since 1958 (footballers, locomotives, wild flowers of "
                "Britain) and I am pleased to report that the younger generation finds them "
                "as absorbing as I do. I have also, at my age, begun to learn Italian, with "
                "the help of a book and a very patient wireless programme. We are to visit "
                "Lucca next spring, and I refuse to point at menus."
            ),
            (
                "I ought also to mention that I swim at the leisure centre every Tuesday "
                "morning, thirty lengths, slowly, and so I would be grateful not to be "
                "reminded of anything else on a Tuesday before noon."
            ),
            (
                "Finally, an idle question from Glenys: what is the longest river in Africa? "
                "She has a crossword to finish."
            ),
            "With many thanks for your patience. Yours, Emrys",
        ],
        [
            (
                "Dear Kai, You must forgive the long silence. We have moved house, which at "
                "our age is no small undertaking. After a good deal of deliberation Glenys "
                "and I have left Aberystwyth, after thirty-one years, and settled in "
                "Shrewsbury, a short walk from Catrin and the grandchildren. The house is "
                "smaller and there is no sea to look at, but there is a river, which will "
                "have to do."
            ),
            (
                "It meant, of course, giving up my volunteer guide work at the Ceredigion "
                "Museum, which I minded more than I expected. But I have surprised everyone, "
                "myself included, by taking a paid position. I am now a part-time bookkeeper, "
                "three afternoons a week, at Marsden's Garden Centre on the edge of town. Mr "
                "Marsden's accounts were in a sorry state, and it seems forty years of "
                "keeping the household ledger has its uses."
            ),
            (
                "A question from my granddaughter, which I could not answer: how do penguins "
                "keep their feet from freezing on the ice?"
            ),
            (
                "Cadno has taken to the new garden at once. Mrs Pugh sat in the airing "
                "cupboard for three days in protest, but has lately consented to come down "
                "for meals."
            ),
            (
                "Could you help me compose a short letter of thanks to my fellow volunteers "
                "at the museum? Something warm, but not maudlin. I am Welsh, and we are prone "
                "to maudlin."
            ),
            "That will do splendidly. Thank you, Kai. Emrys",
        ],
        [
            (
                "Dear Kai, Some further news, of the medical and domestic variety. The doctor "
                "has taken a dim view of my blood pressure and has banished caffeine. I am "
                "sorry to say the Lapsang Souchong has gone the way of all flesh, and I now "
                "begin each morning with a cup of dandelion coffee instead. It is not coffee "
                "and it is not unpleasant, and that is the most I can say for it."
            ),
            (
                "The Volvo, too, has gone. It failed its test in some spectacular fashion, "
                "and with Catrin so near we no longer need anything so large. We have bought "
                "a small second-hand Honda, silver, which Glenys says is the first car we "
                "have owned that she can actually park."
            ),
            (
                "And a confession, which my late mother would not have forgiven: Glamorgan "
                "sausages are no longer my favourite food. Our granddaughter Ffion made us "
                "an aubergine parmigiana at the weekend, from a recipe she learned on a school "
                "exchange, and I have thought of very little else since. It is now, without "
                "question, my favourite dish, and I have asked her to teach me to make it."
            ),
            (
                "While I have you, how many plays did Shakespeare write? Glenys and I have "
                "tickets for something at the theatre here and disagreed about it on the way "
                "home from the box office."
            ),
            (
                "The town is very pleasant in the autumn, though the hills are gentler than "
                "I am used to. I find I miss the gulls, of all things."
            ),
            "Kind regards to you, and thank you again. Emrys",
        ],
        FORTY_SECOND_QUESTIONS[:12],
        FORTY_SECOND_QUESTIONS[12:],
    ],
    facts=_facts(FORTY_SECOND_QUESTIONS, _FORTY_SECOND_VALUES),
    trivia_markers=("magna", "bones", "africa", "penguins", "shakespeare"),
)

# Forty-third: Tamsin, Halifax -> Winnipeg. Clipped ICU nurse typing between meetings; typos.
# Written by another hand that had not seen the capture code, after the changes the
# fortieth and the probes of everyday phrasings informed: kept to be run once untouched.
_FORTY_THIRD_VALUES: list[tuple[str, str | None]] = [
    ("tamsin", None),
    ("winnipeg", "halifax"),
    ("educator", "charge nurse"),
    ("boniface", "dartmouth general"),
    ("matcha", "cold brew"),
    ("ferdinand", None),
    ("odile", None),
    ("37", None),
    ("french", None),
    ("penicillin", None),
    ("pescatarian", None),
    ("toyota", "subaru"),
    ("cello", None),
    ("october", None),
    ("teal", None),
    ("moncton", None),
    ("pierogi", "ramen"),
    ("enamel pins", None),
    ("korean", None),
    ("joanna", None),
    ("paddington", None),
    ("thursday", None),
    ("tuppence", None),
]
FORTY_THIRD_QUESTIONS = [
    "whats my first name again?",
    "which city do i live in now?",
    "what's my job these days?",
    "where do i work - which hospital?",
    "what do i drink in the am?",
    "dog's name?",
    "what's my sister called?",
    "how old am i",
    "which languages do i speak?",
    "what am i allergic to? need it for a form",
    "what diet do i follow",
    "what do i drive now - brand?",
    "instrument i play?",
    "which month is my bday",
    "fav colour?",
    "where am i orig from?",
    "fav food rn?",
    "what do i collect?",
    "lang i'm learning?",
    "wife's name?",
    "fav film?",
    "which day do i go climbing?",
    "cat's name?",
]
FORTY_THIRD = Script(
    sessions=[
        [
            (
                "hi. Tamsin here - charge nurse, ICU at Dartmouth General. need a 2nd brain "
                "b/c mine is full"
            ),
            (
                "context so u know me: 37, live in Halifax, orig from Moncton. bday in october, "
                "not that anyone on the unit remembers"
            ),
            "quick one - how far is the moon, approx? arguing w/ a resident abt it",
            (
                "fyi allergic to penicillin. learned that the hard way in nursing school - "
                "hives everywere, 0/10"
            ),
            (
                "can u draft a msg to the unit re: new badge policy? short, not passive "
                "aggresive. thx"
            ),
            (
                "home stuff: wife Joanna; dog Ferdinand (basset, v dramatic); cat Tuppence who "
                "actualy runs the house"
            ),
            "run on cold brew. like 2 before 0700 handover. don't judge",
            "ok paged. ttyl",
        ],
        [
            "morning. 20 min between meetings, go",
            "why do onions make u cry? was chopping for dinner last nt and sobbing like an idiot",
            (
                "pescatarian btw so recipe ideas = fish ok, no meat. fav food ever is ramen tho - "
                "miso, not tonkotsu obv. would eat it daily"
            ),
            (
                "speak english + french - mom's side is acadian. currently learning korean on "
                "duolingo, 212 day streak, v proud"
            ),
            (
                "my sister Odile sent me a link - can u sum up what 'heart rate variability' "
                "actually measures? in plain words, she's not medical"
            ),
            (
                "drive a subaru outback, 240k km on it, still going. also play cello - badly - "
                "in a community orch"
            ),
            (
                "collect enamel pins, mostly weird hospital ones, have approx 90. fav colour teal; "
                "yes my scrubs too"
            ),
            "bouldering every thursday w/ coworkers. only non-negotiable thing in my week",
            "also fav film = paddington 2. fight me. ok back to it",
        ],
        [
            "hey. been a minute - life exploded",
            (
                "moved to Winnipeg last month; not in Halifax anymore. Joanna got a faculty job "
                "at U of M so we packed up everything incl the pins"
            ),
            (
                "new job too - left the charge nurse role, now clinical educator. not at "
                "Dartmouth General anymore, it's St. Boniface hospital. no more nights (!!)"
            ),
            "who invented the stethoscope? doing an orientation slide, want a fun fact",
            "can u make a checklist for new-grad orientation wk 1? bullets, keep it tight",
            (
                "also does water boil lower at altitude? someone said pasta takes longer in "
                "banff and i want to know if theyre lying"
            ),
            "it's -31 here this am. thats not a real temperature",
            "thx. gotta run",
        ],
        [
            "hi again. few updates so u dont recommend dumb stuff",
            (
                "sold the subaru - rust ate it, maritime salt. drive a toyota now, used rav4, "
                "heated seats = life"
            ),
            (
                "also quit cold brew; iced anything at -30 is insane. switched to matcha in the "
                "mornings - cafe by work does a good one"
            ),
            (
                "food-wise: ramen dethroned. pierogi are my fav now - church ladies in the north "
                "end make them by hand, cheese + potato, unreal"
            ),
            "how many hearts does an octopus have? resident said 3, i said no way",
            (
                "Ferdinand hates the snow. refuses to go out. any tips for dog booties that "
                "actually stay on?"
            ),
            "ok thx, appreciate it",
        ],
        FORTY_THIRD_QUESTIONS[:12],
        FORTY_THIRD_QUESTIONS[12:],
    ],
    facts=_facts(FORTY_THIRD_QUESTIONS, _FORTY_THIRD_VALUES),
    trivia_markers=("moon", "onions", "stethoscope", "altitude", "octopus"),
)

# Forty-fourth: Maricel, Jersey City -> Sacramento. Warm Taglish texter, English mixed w/ Tagalog.
# Written by another hand that had not seen the capture code, after the changes the
# fortieth and the probes of everyday phrasings informed: kept to be run once untouched.
_FORTY_FOURTH_VALUES: list[tuple[str, str | None]] = [
    ("maricel", None),
    ("sacramento", "jersey city"),
    ("real estate", "dental hygienist"),
    ("golden hills", "ocampo"),
    ("salabat", "barako"),
    ("kulot", None),
    ("jocelyn", None),
    ("29", None),
    ("ilocano", None),
    ("shrimp", None),
    ("gluten-free", None),
    ("mazda", "honda"),
    ("ukulele", None),
    ("february", None),
    ("mustard", None),
    ("laoag", None),
    ("kare-kare", "sinigang"),
    ("snow globe", None),
    ("japanese", None),
    ("paolo", None),
    ("heneral luna", None),
    ("tuesday", None),
    ("pandesal", None),
]
FORTY_FOURTH_QUESTIONS = [
    "Ano nga ulit first name ko?",
    "Saang city ako nakatira ngayon?",
    "Ano work ko ngayon?",
    "Saang company ako nagwo-work ngayon?",
    "Ano iniinom ko every morning?",
    "Ano pangalan ng aso ko?",
    "What's the name of my ate, my sister?",
    "Ilang taon na ako?",
    "What languages ang sinasalita ko?",
    "Ano allergy ko ulit?",
    "Anong diet ang sinusunod ko?",
    "Anong car ang dina-drive ko ngayon?",
    "Anong instrument ang tinutugtog ko?",
    "Anong month ang birthday ko?",
    "Fave color ko?",
    "Taga-saan ako originally?",
    "Ano fave food ko ngayon?",
    "Ano kinocollect ko?",
    "Anong language ang pinag-aaralan ko?",
    "Ano pangalan ng boyfriend ko?",
    "Fave movie ko?",
    "Anong day ako nagba-badminton?",
    "Ano pangalan ng pusa ko?",
]
FORTY_FOURTH = Script(
    sessions=[
        [
            "Hello! Hi po. First time ko gamitin 'to. I'm Maricel, nice to meet you!",
            (
                "Kwento lang para kilala mo ako: I'm 29, living in Jersey City for almost 5 years "
                "na. Pero taga-Laoag talaga ako, Ilocos Norte, born and raised"
            ),
            (
                "I work as a dental hygienist sa Ocampo Family Dentistry, near Journal Square. "
                "Si Dr. Ocampo, my boss, sobrang bait"
            ),
            (
                "Ay wait, question lang: why is the sky blue? Tinanong ako ng pamangkin ko "
                "and nablanko ako haha"
            ),
            (
                "Every morning kailangan ko ng kapeng barako, yung strong coffee from Batangas. "
                "Hindi ako tao without it, promise"
            ),
            (
                "Also important: allergic ako sa shrimp. Grabe, sa Pinoy party hipon everywhere, "
                "so ingat lagi. And gluten-free pa ako, celiac. Hay nako, my life"
            ),
            (
                "May aso ako, si Kulot, an aspin na super kulit, and a cat named Pandesal kasi "
                "kulay tinapay siya haha"
            ),
            "Sige, thank you! Ingat ka. Bye muna",
        ],
        [
            "Hiii, it's me ulit! Kumusta?",
            (
                "So my ate Jocelyn, my older sister, is visiting next month. Can you help me plan "
                "a 3-day NYC itinerary for her? Budget lang sana, hindi kami mayaman"
            ),
            (
                "Oh and my birthday is in February, so baka sabay na rin ang celebration. Paolo, "
                "my boyfriend, wants to surprise me daw, pero obvious naman siya lagi haha"
            ),
            "Ano ba, how tall is Mount Everest? Nag-debate kami ni Paolo kagabi",
            (
                "Fave food ko talaga ever is sinigang na baboy, sour and mainit, perfect for "
                "winter. Fave color naman, mustard yellow, kahit sabi ni Mama kulay may sakit"
            ),
            (
                "Languages ko: Tagalog, Ilocano (from my Lola), and English syempre. Now I'm "
                "learning Japanese kasi obsessed ako sa anime, hehe. Ganbatte!"
            ),
            (
                "Weird hobby: I collect snow globes, 47 na! Every trip bumibili ako ng isa. "
                "Also I play ukulele, self-taught lang from YouTube"
            ),
            (
                "I drive a Honda Civic, 2012 pa pero lumalaban pa rin. Every Tuesday night "
                "badminton kami ng barkada sa Bayonne, my one sacred thing"
            ),
            "Ay and fave movie ko: Heneral Luna. Iyak ako every time. Okay, salamat ha!",
        ],
        [
            "Hello! Grabe, ang daming nangyari. Long time no chat",
            (
                "We moved! Paolo and I are in Sacramento na since last month. Bye Jersey City, "
                "bye snow. Mas mura dito and malapit kay Tita Baby"
            ),
            (
                "And bagong trabaho din: I left Ocampo Family Dentistry, hindi na ako dental "
                "hygienist. Real estate agent na ako ngayon sa Golden Hills Realty. "
                "Kinakabahan ako pero excited!"
            ),
            (
                "Can you help me write a short bio for my agent profile? Friendly, professional, "
                "may konting personality"
            ),
            "Random: what's the capital of Australia? Sydney ba? Sabi ng client ko hindi daw",
            "Salamat talaga. Ikaw na ang bes ko haha",
            "Sige, ingat!",
        ],
        [
            "Hi! Quick updates lang",
            (
                "Wala nang kapeng barako sa umaga, my doctor said bawas caffeine muna, "
                "palpitations daw. So salabat na lang every morning, ginger tea, parang Lola ko"
            ),
            (
                "Tapos the Honda finally died sa I-80, ay nako. Bought a Mazda CX-5, used. "
                "Ang smooth ng drive, grabe"
            ),
            (
                "Update sa fave food: kare-kare na talaga number one, not sinigang anymore. "
                "May turo-turo dito sa Sacramento na ang sarap, pero no bagoong for me, "
                "shrimp yun eh"
            ),
            "How many bones are in the human body? Pamangkin ko na naman, homework niya",
            (
                "Si Kulot ayaw lumabas, ang init dito. Any tips para sa dogs sa hot weather? "
                "Kawawa naman"
            ),
            "Thank you, bes. Ingat!",
        ],
        FORTY_FOURTH_QUESTIONS[:12],
        FORTY_FOURTH_QUESTIONS[12:],
    ],
    facts=_facts(FORTY_FOURTH_QUESTIONS, _FORTY_FOURTH_VALUES),
    trivia_markers=("sky", "everest", "australia", "bones"),
)

# Written by another hand that had not seen the capture code, and run untouched
# before any change it could inform.
_FORTY_FIFTH_VALUES: list[tuple[str, str | None]] = [
    ("catriona", None),
    ("edinburgh", "glasgow"),
    ("architect", "librar"),
    ("hartley", "kelvinside"),
    ("cortado", "earl grey"),
    ("bramble", None),
    ("fergus", None),
    ("41", None),
    ("gaelic", None),
    ("sesame", None),
    ("vegan", None),
    ("skoda", "volvo"),
    ("accordion", None),
    ("november", None),
    ("mustard", None),
    ("stornoway", None),
    ("laksa", "haggis"),
    ("snow globe", None),
    ("icelandic", None),
    ("morven", None),
    ("local hero", None),
    ("thursday", None),
    ("tattie", None),
]
FORTY_FIFTH_QUESTIONS = [
    "After all my stories, remind me - what's my name?",
    "Which city do I live in these days?",
    "What do I do for a living?",
    "Where do I work?",
    "What's my favourite hot drink?",
    "What's my dog called?",
    "What's my brother's name?",
    "How old am I?",
    "Which languages do I speak?",
    "What am I allergic to?",
    "What diet do I follow?",
    "What car do I drive?",
    "Which instrument do I play?",
    "Which month is my birthday in?",
    "What's my favourite colour?",
    "Where am I originally from?",
    "What's my favourite food?",
    "What do I collect?",
    "Which language am I learning?",
    "What's my wife's name?",
    "What's my favourite film?",
    "Which day of the week do I go swimming?",
    "What's my cat called?",
]
FORTY_FIFTH = Script(
    sessions=[
        [
            (
                "The barista at the station wrote 'Katrina' on my cup again this morning. "
                "I'm Catriona, with a C and an O, but after a lifetime of it I've "
                "stopped correcting anyone. Do people ever get your name wrong?"
            ),
            (
                "Fifteen years living in Glasgow and I still never know what to wear - "
                "today was sun, hail, then sun again, all before lunch. I hid in a cafe on "
                "Byres Road with a pot of Earl Grey until it passed. It's been my drink "
                "since I was a student; nothing else comes close. Is that boring of me?"
            ),
            (
                "Story from work: a wee boy brought a book about volcanoes back to the "
                "Kelvinside Library eight years overdue - his grandad had borrowed it and "
                "forgotten. I've been a librarian there for twelve years and that's a "
                "first. I waived the fine, obviously. What would you have done?"
            ),
            "Tell me a joke about puffins, would you? I could do with cheering up.",
            (
                "Bramble, my springer spaniel, rolled in something unspeakable on the "
                "morning walk. Cue a full bath before breakfast and me soaked to the "
                "elbows. Why do dogs do that?"
            ),
            (
                "My brother Fergus phoned to ask if I'd help him move flat at the weekend. "
                "He always asks me, because apparently I'm 'good at lifting'. "
                "Is that a compliment, do you think?"
            ),
            (
                "Came home to find Tattie, my ginger cat, asleep in the laundry basket on "
                "top of the clean towels. She looked so pleased with herself that I didn't "
                "have the heart to move her."
            ),
        ],
        [
            (
                "Morning! My nephew asked me what the tallest peak in Scotland is and I "
                "panicked and said Ben Lomond. It isn't, is it?"
            ),
            (
                "Fergus keeps reminding me that I'm 41 now, as if I could forget. He's "
                "already asking what I want for my birthday, and it isn't until the 9th "
                "of November! Any ideas for a present I could hint at?"
            ),
            (
                "My gran rang and we chatted for an hour in Gaelic. I spoke it before I "
                "spoke a word of English, and it still feels like home. "
                "Do you know any Gaelic at all?"
            ),
            (
                "Went to a new place in town with friends - I've been vegan for six years, "
                "so I'm always hunting for somewhere good. I had to quiz the waiter about "
                "every dish, because even a smear of sesame makes my lips swell up. "
                "Why do so many places hide tahini in their dressings?"
            ),
            (
                "My old Volvo estate refused to start this morning, so I ended up "
                "jump-starting it in my dressing gown in front of the whole street. It's "
                "nineteen years old, bless it. How long do car batteries usually last?"
            ),
            (
                "Spent the evening squeezing out jigs on my accordion - I've played it "
                "since I was ten and I'm learning a new set for a ceilidh next month. "
                "The neighbours have been very patient so far."
            ),
        ],
        [
            (
                "Finally painted the front door mustard yellow. I've loved that colour for "
                "as long as I can remember - half my wardrobe is mustard too. My wife, "
                "Morven, says the neighbours will talk. Will they?"
            ),
            (
                "I was going through old photos of Stornoway, where I grew up, and found "
                "one of me aged six on the harbour wall holding a crab bigger than my "
                "head. The town looks exactly the same today. Do islands change slower?"
            ),
            (
                "Made a vegan haggis for dinner tonight. Honestly, it's my favourite food "
                "in the world and I'll fight anyone who sneers at it."
            ),
            (
                "Found a snow globe of the Falkirk Wheel in a charity shop - that makes 212 "
                "in my collection. Morven has banned any more shelves, so I'm rearranging. "
                "How do people display big collections?"
            ),
            (
                "My evening class in Icelandic was humbling tonight: three months in and I "
                "still can't pronounce the word for waterfall. We're off to Reykjavik next "
                "summer and I'd love to order a meal without pointing. Any tips?"
            ),
            "Saw a double rainbow over the motorway on the way home. Made my whole day.",
            (
                "Watched Local Hero again last night - must be the fortieth time, and it's "
                "still my favourite film ever made. That ending with the phone box gets "
                "me every single time."
            ),
            (
                "Every Thursday evening I swim forty lengths at the Western Baths, no "
                "matter what. Tonight a man in the next lane did butterfly and drenched "
                "everyone. Is there pool etiquette for that?"
            ),
        ],
        [
            (
                "Big news, finally: we've moved to Edinburgh! The flat's tiny and the "
                "stairs are brutal, but I can see the castle if I stand on the bath. "
                "My Glasgow friends are calling me a traitor, of course."
            ),
            (
                "And the bigger news - I've left Kelvinside Library. I've gone back to what "
                "I trained in and I'm working as an architect again, at a small practice "
                "called Hartley & Shaw. First project is a community hall. Wish me luck?"
            ),
            (
                "There's a cafe below the office that makes a cortado so perfect it has "
                "ruined me - I haven't touched Earl Grey in weeks. A cortado is my drink "
                "now. Is that a betrayal of my roots?"
            ),
            (
                "The Volvo finally died on the motorway on moving day, so we said a tearful "
                "goodbye and I bought a little second-hand Skoda. I drive it everywhere "
                "now and it starts every single time. Is it silly to name a car?"
            ),
            (
                "Also, a Malaysian place opened round the corner and their vegan laksa has "
                "knocked haggis off the top spot. I've had it four times this week - "
                "laksa is my favourite food now, no contest."
            ),
            "Right, that's all my news. Thanks for letting me ramble - bye for now!",
        ],
        FORTY_FIFTH_QUESTIONS[:12],
        FORTY_FIFTH_QUESTIONS[12:],
    ],
    facts=_facts(FORTY_FIFTH_QUESTIONS, _FORTY_FIFTH_VALUES),
    trivia_markers=("puffin", "lomond", "rainbow"),
)

# Written by another hand that had not seen the capture code, and run untouched
# before any change it could inform.
_FORTY_SIXTH_VALUES: list[tuple[str, str | None]] = [
    ("jasleen", None),
    ("vancouver", "winnipeg"),
    ("dental assist", "lifeguard"),
    ("brightsmile", "kildonan"),
    ("london fog", "matcha"),
    ("zuko", None),
    ("arjun", None),
    ("22", None),
    ("punjabi", None),
    ("kiwi", None),
    ("pescatarian", None),
    ("mazda", "toyota"),
    ("ukulele", None),
    ("july", None),
    ("lilac", None),
    ("moose jaw", None),
    ("sushi", "paneer"),
    ("pokemon card", None),
    ("korean", None),
    ("kabir", None),
    ("coraline", None),
    ("wednesday", None),
    ("nimbus", None),
]
FORTY_SIXTH_QUESTIONS = [
    "ok quiz time 😤 whats my name",
    "which city do i live in rn",
    "whats my job",
    "where do i work",
    "whats my fav hot drink",
    "whats my dogs name",
    "whats my cousins name",
    "how old am i",
    "which languages do i speak",
    "what am i allergic to",
    "what diet am i on",
    "what car do i drive",
    "what instrument do i play",
    "what month is my bday",
    "whats my fav colour",
    "where am i originally from",
    "whats my fav food rn",
    "what do i collect",
    "what language am i learning",
    "whats my boyfriends name",
    "whats my fav movie",
    "what day do i go bouldering",
    "whats my cats name 🐱",
]
FORTY_SIXTH = Script(
    sessions=[
        [
            "heyyy ok so im jasleen 👋 everyone calls me jas tho",
            "living in winnipeg rn and ngl the wind here is personal fr 😤",
            "im a lifeguard at kildonan aquatic centre, 3 kids tried backflips today 💀",
            "tell me a joke abt raccoons pls i need it lol",
            "matcha latte is lowkey the only thing keeping me alive, its my fav drink 🍵",
            "my dog zuko ate my airpods case 😭 hes a husky so ofc he did",
            "my cousin arjun is coming over to 'help' aka eat all my snacks lol",
            "also my cat nimbus hates zuko, they have beef fr 😾",
        ],
        [
            "gm 😴 its so cold rn my eyelashes literally froze on the walk",
            "im 22 btw and my bday is july 9 🎂 so u can start planning lol",
            "i speak punjabi w my fam and english everywhere else, my nani roasts my accent 😭",
            "ngl being allergic to kiwi is so random, my mouth gets itchy and swollen 🥝🚫",
            "been pescatarian for like 3 yrs, no meat just fish 🐟",
            "wait how many provinces does canada have i forgot 💀",
            "my toyota corolla made the scary noise again 😬 that car is older than me basically",
            "learned a new song on my ukulele today 🎶 obsessed w it",
        ],
        [
            "fav colour is lilac, like everything i own is lilac rn 💜",
            "grew up in moose jaw sask, yes thats a real place lol 🫎",
            "palak paneer is my fav food ever, my moms is the best no cap",
            "i collect pokemon cards and i just pulled a shiny charizard 😭😭",
            "started learning korean bc of kdramas tbh, annyeong 👋",
            "my bf kabir made me dinner tonight 🥹 hes so sweet",
            "rewatched coraline for like the 20th time, still my fav movie ever 🗝️",
            "bouldering every wednesday is non negotiable fr 🧗‍♀️",
        ],
        [
            "omg big update i moved to vancouver 🌲🌊 bye winnipeg",
            "quit lifeguarding, im a dental assistant now lol who even am i",
            "working at brightsmile dental, the kildonan pool crew is gonna miss me 😭",
            "also matcha is out, london fog is my fav drink now ☕ its literally from here",
            "sold the toyota and got a mazda 3, i drive it everywhere its so cute 🚗",
            "and sushi here is insane, its my new fav food ngl 🍣 sorry palak paneer",
            "ok thats all ttyl 💕",
        ],
        FORTY_SIXTH_QUESTIONS[:12],
        FORTY_SIXTH_QUESTIONS[12:],
    ],
    facts=_facts(FORTY_SIXTH_QUESTIONS, _FORTY_SIXTH_VALUES),
    trivia_markers=("raccoon", "provinces", "eyelashes"),
)

# Forty-seventh: Chiamaka, Abuja -> Port Harcourt. Warm Nigerian English with Pidgin mixed in.
# Written by another hand that had not seen the capture code: kept to be run once untouched.
# Written by another hand that had not seen the capture code, and run untouched
# before any change it could inform.
_FORTY_SEVENTH_VALUES: list[tuple[str, str | None]] = [
    ("chiamaka", None),
    ("port harcourt", "abuja"),
    ("lecturer", "radiographer"),
    ("rivers state", "garki"),
    ("zobo", "lipton"),
    ("bingo", None),
    ("adaeze", None),
    ("35", None),
    ("igbo", None),
    ("groundnut", None),
    ("dairy", None),
    ("lexus", "peugeot"),
    ("keyboard", None),
    ("september", None),
    ("wine", None),
    ("enugu", None),
    ("abacha", "egusi"),
    ("ankara", None),
    ("hausa", None),
    ("obinna", None),
    ("king of boys", None),
    ("friday", None),
    ("mimi", None),
]
FORTY_SEVENTH_QUESTIONS = [
    "Good morning o! Oya make we test your memory small. Abeg, you remember my name?",
    "Which city I dey live now?",
    "Wetin be my work now?",
    "Where I dey work now?",
    "Wetin I dey drink every morning?",
    "Wetin be my dog name?",
    "Wetin be my sister name?",
    "How old I be?",
    "Which languages I dey speak?",
    "Wetin I dey allergic to?",
    "Which kind diet I dey follow?",
    "Which car I dey drive now?",
    "I don come back o, make we continue. Which instrument I dey play?",
    "Which month my birthday dey?",
    "Wetin be my favourite colour?",
    "Where I grow up?",
    "Wetin be my favourite food now?",
    "Wetin I dey collect?",
    "Which language I dey learn?",
    "Wetin be my husband name?",
    "Which film be my favourite?",
    "Which day I dey go choir rehearsal?",
    "And my cat, wetin be her name?",
]
FORTY_SEVENTH = Script(
    sessions=[
        [
            (
                "Good evening o! My name is Chiamaka, but my people dey call me Chi-Chi. "
                "My husband Obinna na him set you up for this laptop, he say you go help me "
                "arrange my life small"
            ),
            (
                "So I dey Abuja, we dey stay for Gwarimpa. I be radiographer for Garki "
                "Hospital, na X-ray and scan from morning till night. Omo, the work no easy "
                "at all"
            ),
            (
                "Abeg before I forget, who write Things Fall Apart? My nephew get literature "
                "test tomorrow and I no wan tell am wrong thing"
            ),
            (
                "Every morning before I comot for house, I must drink my hot Lipton. No milk "
                "o, I no dey take dairy at all, my belle no dey agree with am. Na dairy-free "
                "life I dey live since"
            ),
            (
                "My dog Bingo don chew Obinna slippers again today 😂 this dog get mind. "
                "Meanwhile my cat Mimi just dey look am from the window like say she sabi "
                "pass am"
            ),
            "Thank you jare, you try. Make I go cook before Oga come back",
        ],
        [
            (
                "Good morning o! Mosquito no let me sleep at all last night. Why e be say na "
                "for ear dem like to dey sing?"
            ),
            (
                "Small gist: I be 35 this year, and my birthday na for September. Obinna "
                "don dey ask me wetin I want since, as if say I never tell am ten times"
            ),
            (
                "My sister Adaeze dey plan her traditional wedding for Easter, and na me be "
                "chief bridesmaid 🙈 abeg help me remember to call the caterer this week"
            ),
            (
                "I grow up for Enugu, Coal City! Na there my mama still dey. So I speak Igbo "
                "well well, and English of course. Now I dey learn Hausa small small because "
                "half of my patients for here na Hausa people and I wan greet them proper"
            ),
            (
                "Abeg, how many legs spider get? Na argument between me and Obinna, loser go "
                "buy shawarma"
            ),
            (
                "Make I warn you: I dey allergic to groundnut, serious one. Even small "
                "groundnut oil for stew fit swell my face. So if you give me recipe, no put "
                "groundnut inside o"
            ),
            "Oya thank you, I don late for work. Ka o di!",
        ],
        [
            "How far! E don tey. Na weekend and I dey relax small, no work today",
            (
                "My favourite food na egusi soup with pounded yam, the way my mama dey cook "
                "am with plenty ugu and stockfish. Nothing fit beat am, I talk am anywhere"
            ),
            (
                "I dey drive one old Peugeot 406, e don old but e still dey try. Every Friday "
                "evening I go drive am go church for choir rehearsal, na me dey play keyboard "
                "for the choir"
            ),
            (
                "Also I collect ankara, I get like sixty different prints for wardrobe, I no "
                "fit pass Wuse market without buying another one 😅 Obinna say I go soon need "
                "another house for the fabrics"
            ),
            (
                "Abeg which planet be the hottest, na Venus or Mercury? Na my nephew homework "
                "again 😂"
            ),
            (
                "My favourite colour na wine. Everything wine: my bag, my shoe, even my gele "
                "for Adaeze wedding go be wine"
            ),
            (
                "We watch King of Boys again last night, like the fifth time. Na my favourite "
                "film, Eniola Salami na my woman!"
            ),
            "Okay let me go and rest. Thank you o",
        ],
        [
            (
                "Chai, plenty gist! We don relocate from Abuja to Port Harcourt. Obinna "
                "company transfer am, so we pack everything, Bingo and Mimi inclusive. PH hot "
                "pass Abuja o"
            ),
            (
                "I don leave Garki Hospital, I no be radiographer again. I don start work as "
                "lecturer for Rivers State University, I dey teach radiography to the "
                "students. God don do am!"
            ),
            (
                "Doctor talk say make I reduce caffeine, so I don stop my morning Lipton. Now "
                "na zobo I dey drink every morning, I dey boil am myself with ginger and "
                "pineapple, no sugar"
            ),
            (
                "The Peugeot finally die for road on the way coming here, na there we leave "
                "am 😭 Obinna buy me Lexus, tokunbo RX 330, I dey form big madam now"
            ),
            (
                "And my food don change o! Since we reach PH, abacha don take over. The "
                "African salad wey one woman dey sell for our junction sweet die. Egusi sorry, "
                "abacha na my favourite food now"
            ),
            (
                "Is it true say tortoise fit live pass one hundred years? Our neighbour get "
                "one wey old pass my grandmother"
            ),
            "Okay o, thank you for listening. Stay well!",
        ],
        FORTY_SEVENTH_QUESTIONS[:12],
        FORTY_SEVENTH_QUESTIONS[12:],
    ],
    facts=_facts(FORTY_SEVENTH_QUESTIONS, _FORTY_SEVENTH_VALUES),
    trivia_markers=("fall apart", "mosquito", "spider", "tortoise"),
)

# Forty-eighth: Walter, Toledo -> Tampa. Older man typing ALL CAPS, blunt, little punctuation.
# Written by another hand that had not seen the capture code: kept to be run once untouched.
# Written by another hand that had not seen the capture code, and run untouched
# before any change it could inform.
_FORTY_EIGHTH_VALUES: list[tuple[str, str | None]] = [
    ("walter", None),
    ("tampa", "toledo"),
    ("cashier", "usher"),
    ("publix", "mud hens"),
    ("postum", "folgers"),
    ("duke", None),
    ("bernice", None),
    ("76", None),
    ("slovak", None),
    ("sulfa", None),
    ("diabetic", None),
    ("hyundai", "buick"),
    ("harmonica", None),
    ("december", None),
    ("brown", None),
    ("scranton", None),
    ("grouper", "meatloaf"),
    ("arrowhead", None),
    ("latin", None),
    ("dolores", None),
    ("great escape", None),
    ("monday", None),
    ("buster", None),
]
FORTY_EIGHTH_QUESTIONS = [
    "OK TESTING YOU NOW WHATS MY NAME",
    "WHAT CITY DO I LIVE IN",
    "WHAT IS MY JOB",
    "WHO DO I WORK FOR",
    "WHAT DO I DRINK IN THE MORNING",
    "DOGS NAME",
    "WHATS MY SISTERS NAME",
    "HOW OLD AM I",
    "WHAT LANGUAGE DO I SPEAK BESIDES ENGLISH",
    "WHAT AM I ALLERGIC TO",
    "WHAT DIET AM I ON",
    "WHAT KIND OF CAR DO I HAVE",
    "BACK AGAIN MORE QUESTIONS WHAT INSTRUMENT DO I PLAY",
    "WHAT MONTH IS MY BIRTHDAY",
    "FAVORITE COLOR",
    "WHERE DID I GROW UP",
    "WHATS MY FAVORITE FOOD",
    "WHAT DO I COLLECT",
    "WHAT LANGUAGE AM I LEARNING",
    "WIFES NAME",
    "FAVORITE MOVIE",
    "WHAT NIGHT DO I GO BOWLING",
    "CATS NAME",
]
FORTY_EIGHTH = Script(
    sessions=[
        [
            "HELLO THIS IS WALTER MY GRANDSON PUT YOU ON THE COMPUTER FOR ME",
            "I AM 76 LIVE IN TOLEDO OHIO GREW UP IN SCRANTON PA",
            "WORK PART TIME AS AN USHER FOR THE MUD HENS KEEPS ME OUT OF THE HOUSE",
            "WHO WON THE 1969 WORLD SERIES MY BROTHER IN LAW SAYS BALTIMORE HE IS WRONG",
            "WIFE IS DOLORES 51 YEARS. DOG IS DUKE CAT IS BUSTER",
            "FOLGERS EVERY MORNING BLACK TWO CUPS NOTHING ELSE",
            "OK THATS ENOUGH FOR NOW",
        ],
        [
            "ITS WALTER AGAIN",
            "DIABETIC TYPE 2 SO NO SUGAR. ALLERGIC TO SULFA DRUGS WRITE THAT DOWN",
            "HOW DO YOU GET RID OF MOLES IN THE YARD THEY ARE TEARING UP THE GRASS",
            "DRIVE A 2004 BUICK LESABRE 190000 MILES STILL RUNS FINE",
            "BIRTHDAY IS DECEMBER 12 MY SISTER BERNICE FORGETS IT EVERY YEAR",
            "SPEAK SLOVAK FROM MY GRANDPARENTS. ENGLISH TOO OBVIOUSLY",
            "PLAY THE HARMONICA. BOWL EVERY MONDAY NIGHT AT THE LEGION HALL",
            "THATS IT",
        ],
        [
            "FAVORITE FOOD MEATLOAF DOLORES MAKES IT BEST NOBODY ELSE CLOSE",
            "FAVORITE COLOR BROWN. FAVORITE MOVIE THE GREAT ESCAPE STEVE MCQUEEN",
            "I COLLECT ARROWHEADS FOUND MOST OF THEM MYSELF OVER 300 NOW",
            "WHAT YEAR DID LINDBERGH FLY ACROSS THE ATLANTIC",
            "TAKING A LATIN CLASS AT THE LIBRARY NEVER GOT IT IN SCHOOL",
            "GRANDSON SAYS STOP TYPING IN CAPITALS I SAID NO",
            "DONE FOR TODAY",
        ],
        [
            "MOVED TO TAMPA FLORIDA LAST MONTH NO MORE TOLEDO WINTERS",
            "QUIT THE MUD HENS. CASHIER AT PUBLIX NOW 3 DAYS A WEEK",
            "SOLD THE BUICK BOUGHT A HYUNDAI SONATA",
            "DOCTOR TOOK ME OFF COFFEE NO MORE FOLGERS. POSTUM IN THE MORNING NOW",
            "FAVORITE FOOD IS FRIED GROUPER NOW NOT MEATLOAF DONT TELL DOLORES",
            "WHEN IS HURRICANE SEASON DOWN HERE",
            "TOO HOT. DUKE WONT GO OUT AFTER 10 AM",
            "OK BYE",
        ],
        FORTY_EIGHTH_QUESTIONS[:12],
        FORTY_EIGHTH_QUESTIONS[12:],
    ],
    facts=_facts(FORTY_EIGHTH_QUESTIONS, _FORTY_EIGHTH_VALUES),
    trivia_markers=("world series", "moles", "lindbergh", "hurricane"),
)

# Forty-ninth: Meenakshi, Hyderabad -> Chennai. Indian English: "kindly", "itself", "only".
# Written by another hand that had not seen the capture code, before any change its run
# could inform: kept to be run once untouched.
_FORTY_NINTH_VALUES: list[tuple[str, str | None]] = [
    ("meenakshi", None),
    ("chennai", "hyderabad"),
    ("scrum master", "tester"),
    ("zoho", "tech mahindra"),
    ("filter coffee", "irani chai"),
    ("tommy", None),
    ("kavitha", None),
    ("32", None),
    ("tamil", None),
    ("brinjal", None),
    ("eggetarian", None),
    ("nexon", "swift"),
    ("veena", None),
    ("august", None),
    ("magenta", None),
    ("madurai", None),
    ("kothu parotta", "pesarattu"),
    ("cassette", None),
    ("hindi", None),
    ("karthik", None),
    ("anbe sivam", None),
    ("wednesday", None),
    ("chinnu", None),
]
FORTY_NINTH_QUESTIONS = [
    "Good morning. Kindly tell me, what is my good name?",
    "In which city I am staying now?",
    "What is my job presently?",
    "In which company I am working now?",
    "What I am drinking every morning nowadays?",
    "What is the name of my dog?",
    "What is my sister's name?",
    "What is my age?",
    "Which languages I am knowing other than English?",
    "To what I am having allergy?",
    "What diet I am following?",
    "Which car I am having now?",
    "Hello again, let us continue. Which instrument I am playing?",
    "In which month my birthday is falling?",
    "What is my favourite colour?",
    "What is my native place, where I grew up?",
    "What is my favourite food nowadays?",
    "What I am collecting?",
    "Which language I am learning?",
    "What is my husband's name?",
    "Which is my favourite film?",
    "On which day I am going for badminton?",
    "Lastly, what is the name of my cat?",
]
FORTY_NINTH = Script(
    sessions=[
        [
            (
                "Good morning. My good name is Meenakshi. My son has installed you on my "
                "laptop, so kindly bear with me, I am new to all this."
            ),
            "We are staying in Hyderabad only, Kukatpally side, for the past nine years.",
            (
                "I am working in Tech Mahindra as a software tester since 2016. Mostly manual "
                "testing, some automation also."
            ),
            (
                "One small doubt. Who was the first woman Prime Minister of India? My daughter "
                "is asking for her GK homework and I am fully blanking out."
            ),
            (
                "Every morning I must have my Irani chai from the bakery near our house. "
                "Without that my day will not start itself."
            ),
            (
                "I am having one dog also, Tommy. He is a Labrador and very naughty, every "
                "other day he is chewing my chappals."
            ),
            (
                "My younger sister Kavitha is coming to stay with us next week. Kindly remind "
                "me to clean the guest room before that."
            ),
            "Okay, thank you so much. I will message you tomorrow.",
        ],
        [
            "Hello again. Today office was very hectic, full day we were doing regression only.",
            (
                "Kindly note some details about me. I am 32 years of age and my birthday is "
                "falling in August, on the 14th, one day before Independence Day."
            ),
            (
                "Apart from English I am speaking Tamil and Telugu. Tamil is my mother tongue, "
                "Telugu I picked up here itself."
            ),
            (
                "I am having allergy to brinjal, so kindly do not suggest any recipe with "
                "brinjal. Even a small quantity is giving me rashes."
            ),
            "Also I am eggetarian. No meat, no fish, but eggs I am taking.",
            (
                "What is the exact height of the Charminar? My cousin says 56 metres, I am "
                "thinking it is more."
            ),
            (
                "I am driving a Maruti Swift, white colour, 2017 model. Mileage is good only, "
                "no complaints."
            ),
            (
                "I am also playing veena since childhood. Nowadays practice is less, but on "
                "festival days I am playing for sure."
            ),
            "Thank you, good night.",
        ],
        [
            "Good evening! Weekend has come, so I am little relaxed today.",
            (
                "My favourite colour is magenta. Most of my silk sarees are magenta only, and "
                "my husband Karthik is always teasing me for that."
            ),
            (
                "My native place is Madurai. I grew up there only, near the temple. That is "
                "why my name also is Meenakshi."
            ),
            (
                "My favourite food is pesarattu with ginger chutney. Once you have tasted the "
                "pesarattu from the carts here, you will not go for any other tiffin."
            ),
            (
                "I am collecting old cassettes of Ilaiyaraaja songs. Almost 200 cassettes I am "
                "having, Karthik says we need one separate almirah for them."
            ),
            (
                "Who wrote the Thirukkural? I know it is Thiruvalluvar but my son is insisting "
                "it is somebody else."
            ),
            (
                "I am learning Hindi through one app, daily 15 minutes. In office many "
                "colleagues are from the North and I want to talk to them properly."
            ),
            (
                "My all-time favourite film is Anbe Sivam. Kamal Haasan acting is superb, I "
                "have seen it more than ten times."
            ),
            (
                "Every Wednesday evening I am going for badminton with my colleagues. And our "
                "cat Chinnu sits at the window waiting for me to come back."
            ),
        ],
        [
            "Hello, it has been long time! So many changes happened, kindly update your records.",
            (
                "We have shifted from Hyderabad to Chennai last month. Karthik got transfer, so "
                "all of us came, Tommy and Chinnu also."
            ),
            "I have resigned from Tech Mahindra. Now I have joined Zoho, here in Chennai itself.",
            (
                "I am not doing testing anymore. In Zoho I am working as a scrum master, so "
                "full day I am in meetings only."
            ),
            (
                "Irani chai is not available here like in Hyderabad, so I have switched to "
                "filter coffee. Every morning one tumbler of filter coffee, that's it."
            ),
            (
                "We sold the Swift before coming and we bought a Tata Nexon, grey colour. It is "
                "more comfortable for highway drives."
            ),
            (
                "Food also has changed! Now my favourite is kothu parotta with egg. The sound "
                "of making it on the tawa itself is music. Sorry pesarattu, you are second now."
            ),
            (
                "How many players are there in a kabaddi team? My son has joined the school "
                "team and I am not knowing the rules."
            ),
            "Okay, that's all for now. Thank you for doing the needful!",
        ],
        FORTY_NINTH_QUESTIONS[:12],
        FORTY_NINTH_QUESTIONS[12:],
    ],
    facts=_facts(FORTY_NINTH_QUESTIONS, _FORTY_NINTH_VALUES),
    trivia_markers=("prime minister", "charminar", "thirukkural", "kabaddi"),
)

# Fiftieth: Dominic, Derby -> Plymouth. Dictated speech: lowercase run-ons, fillers, self-fixes.
# Written by another hand that had not seen the capture code, before any change its run
# could inform: kept to be run once untouched.
_FIFTIETH_VALUES: list[tuple[str, str | None]] = [
    ("dominic", None),
    ("plymouth", "derby"),
    ("crane operator", "machinist"),
    ("babcock", "rolls royce"),
    ("peppermint tea", "monster"),
    ("nacho", None),
    ("hollie", None),
    ("43", None),
    ("maltese", None),
    ("ibuprofen", None),
    ("slimming world", None),
    ("kuga", "astra"),
    ("mandolin", None),
    ("november", None),
    ("amber", None),
    ("grimsby", None),
    ("pasty", "oatcake"),
    ("beer mat", None),
    ("sign language", None),
    ("leanne", None),
    ("shaun of the dead", None),
    ("thursday", None),
    ("marmalade", None),
]
FIFTIETH_QUESTIONS = [
    "okay um quiz time whats my name",
    "what city do i live in now",
    "whats my job at the minute",
    "and where do i work like whats the company",
    "what do i drink in the morning these days",
    "whats the dogs name",
    "whats my sisters name",
    "how old am i",
    "what other language do i speak apart from english",
    "what am i allergic to",
    "what diet am i on",
    "what car have i got now",
    "right um second half what instrument do i play",
    "what month is my birthday",
    "whats my favourite colour",
    "where am i from originally like where did i grow up",
    "whats my favourite food now",
    "what do i collect",
    "what language am i learning",
    "whats my wifes name",
    "whats my favourite film",
    "what night do i play darts",
    "and last one whats the cats name",
]
FIFTIETH = Script(
    sessions=[
        [
            (
                "hello um is this thing on okay right so hi im dominic my wife leanne set this "
                "up on my phone because she says i forget everything which is fair"
            ),
            (
                "so uh i live in derby like just outside the centre near the arboretum and i "
                "work at rolls royce on the shop floor been there about twelve years now"
            ),
            (
                "im a machinist basically i run the machines that cut the turbine blades you "
                "know for the engines its more interesting than it sounds honestly"
            ),
            (
                "quick question how many legs has a woodlouse got my lad says fourteen and i "
                "said no way"
            ),
            (
                "every morning first thing i have a can of monster on the drive in i know i "
                "know its terrible leanne goes on about it all the time"
            ),
            (
                "oh and the dog um marmalade no wait sorry thats the cat the dog is called "
                "nacho hes a jack russell and marmalade is the cat shes ginger obviously"
            ),
            (
                "my sister hollie is coming to stay next weekend so can you remind me to sort "
                "the spare room out before she gets here"
            ),
            "right thats it for now cheers",
        ],
        [
            "morning um so its absolutely chucking it down here and im sat in the car waiting",
            (
                "right so a few things about me im 42 no wait 43 i turned 43 in november i "
                "genuinely forgot for a second there"
            ),
            (
                "my mum is from malta so i speak maltese as well as english i dont really use "
                "it much now apart from shouting at the telly"
            ),
            (
                "oh and this is important im allergic to ibuprofen like properly allergic i "
                "come out in hives so if you ever suggest painkillers its paracetamol only"
            ),
            (
                "and im on slimming world at the minute um leanne and me both started after "
                "christmas and ive lost like a stone and a half"
            ),
            "how tall is ben nevis actually",
            (
                "i drive a vauxhall astra its a two thousand and eleven one and its got about a "
                "hundred and forty thousand miles on it so its on its last legs"
            ),
            (
                "and in my spare time i play the mandolin in a little folk band down the pub "
                "nothing serious like"
            ),
            "okay ta bye",
        ],
        [
            "hiya its dom again um just finished work so im walking home",
            (
                "so my favourite colour is amber like traffic light amber which everyone thinks "
                "is weird but there you go"
            ),
            (
                "im originally from grimsby born and bred i only moved down to derby for the "
                "job"
            ),
            (
                "favourite food has got to be a staffordshire oatcake with cheese and bacon "
                "you cant really get them anywhere else"
            ),
            (
                "i collect beer mats ive got about um two thousand three hundred of them in "
                "shoeboxes in the loft leanne hates it"
            ),
            (
                "and im learning british sign language because my nephew is deaf and i want to "
                "be able to talk to him properly without his mum translating"
            ),
            "what year did bohemian rhapsody come out was it seventy five or seventy six",
            (
                "my favourite film is hot fuzz no sorry shaun of the dead hot fuzz is a close "
                "second though"
            ),
            (
                "and every thursday night i play darts for the team at the red lion so if you "
                "ever need me on a thursday night im not answering"
            ),
        ],
        [
            (
                "um hi okay big update weve moved were in plymouth now we left derby about "
                "three weeks ago"
            ),
            "i packed in rolls royce and ive got a job at babcock down at the dockyard",
            (
                "im a crane operator now not a machinist anymore which is um a bit scary the "
                "first week ill be honest"
            ),
            (
                "also ive given up the monster cans leanne finally won so now its a peppermint "
                "tea every morning which i never thought id say"
            ),
            (
                "the astra died on the a38 on the way down like literally the day we moved so "
                "we sold it for scrap and got a ford kuga second hand"
            ),
            "whats the biggest lake in england is it windermere",
            (
                "and food wise its all about the pasty down here a proper cornish pasty from "
                "the bakery at the end of our road is my favourite food now sorry oatcakes"
            ),
            "anyway thats everything cheers for that",
        ],
        FIFTIETH_QUESTIONS[:12],
        FIFTIETH_QUESTIONS[12:],
    ],
    facts=_facts(FIFTIETH_QUESTIONS, _FIFTIETH_VALUES),
    trivia_markers=("woodlouse", "ben nevis", "bohemian", "windermere"),
)

# Fifty-first: Declan, Limerick -> Kilkenny. Irish English: "I'm after", "so I am", "grand".
# Written without sight of the capture code, before any change its run could inform: kept
# to be run once untouched.
_FIFTY_FIRST_VALUES: list[tuple[str, str | None]] = [
    ("declan", None),
    ("kilkenny", "limerick"),
    ("driving instructor", "barman"),
    ("marble city", "treaty"),
    ("cold brew", "barry"),
    ("gizmo", None),
    ("aisling", None),
    ("47", None),
    ("polish", None),
    ("kiwi", None),
    ("fasting", None),
    ("yaris", "micra"),
    ("accordion", None),
    ("october", None),
    ("maroon", None),
    ("tralee", None),
    ("spice bag", "coddle"),
    ("programme", None),
    ("italian", None),
    ("magda", None),
    ("banshees", None),
    ("tuesday", None),
    ("biddy", None),
]
FIFTY_FIRST_QUESTIONS = [
    "Go on so, what's my name?",
    "Where am I living now?",
    "What do I do for a living these days?",
    "Who am I working for now?",
    "What do I drink first thing in the morning now?",
    "What's the dog called?",
    "What's my sister's name?",
    "What age am I?",
    "What language do I speak besides English?",
    "What am I allergic to?",
    "What kind of diet am I doing?",
    "What car am I driving now?",
    "Right, a few more. What instrument do I play?",
    "What month is my birthday in?",
    "What's my favourite colour?",
    "Where am I from originally?",
    "What's my favourite food now?",
    "What do I collect?",
    "What language am I learning?",
    "What's my wife's name?",
    "What's my favourite film?",
    "What night do I play five-a-side?",
    "And the last one, what's the cat called?",
]
FIFTY_FIRST = Script(
    sessions=[
        [
            (
                "Well, how's it going? Declan here. The young lad put you on the laptop for me, "
                "he says you'll remember things so I don't have to, so we'll see how that goes."
            ),
            (
                "I'm living in Limerick this twenty year, over on the north side, and I'm a "
                "barman, so I am. Sure it's the only job I was ever any good at."
            ),
            (
                "I'm after doing nine years behind the counter in the Treaty Bar on Henry "
                "Street. Grand spot, great regulars, bit of a madhouse on match days."
            ),
            (
                "Here, settle something for me. Who wrote Ulysses? Yer man at the end of the "
                "bar swears it was Yeats and I'm nearly sure it wasn't."
            ),
            (
                "First thing every morning it's a pot of Barry's tea, two bags in it, strong "
                "enough to stand the spoon up in. I'm useless till I've had it."
            ),
            (
                "We've a dog as well, Gizmo, a little terrier cross. He's fierce bold, he had "
                "the heel off one of my good shoes last week."
            ),
            (
                "My sister Aisling is coming down from Dublin for the weekend, so would you "
                "remind me to get the messages in before she lands? She'd be giving out if "
                "there was nothing in the press."
            ),
            "Right, that's me. Good luck.",
        ],
        [
            "Howya. It's lashing out there, I got drenched walking in from the car, so I did.",
            (
                "A few bits about myself while I think of it. I'm 47, and the birthday is the "
                "9th of October, if you want to put that down somewhere."
            ),
            (
                "My wife Magda is from Krakow, so I've fairly decent Polish at this stage. The "
                "in-laws do be delighted when I talk to them in it, even if the grammar is in "
                "bits."
            ),
            (
                "I'm allergic to kiwis, would you believe. My mouth swells up like a balloon, "
                "so no fruit salads with kiwi in them for me."
            ),
            (
                "And I'm doing the intermittent fasting since January, sixteen hours, nothing "
                "only tea till one o'clock. Magda thinks I'm cracked."
            ),
            (
                "How long is the Shannon anyway? The young lad has a project on it for school "
                "and I hadn't a notion."
            ),
            (
                "I drive a Nissan Micra, a 2012 one. She's on her last legs but she's never "
                "let me down yet, touch wood."
            ),
            (
                "I play the button accordion too, a few tunes at the trad session when I'm let. "
                "Magda says it sounds like a cat being strangled."
            ),
            "Grand so, I'll leave you at that. Talk to you.",
        ],
        [
            "Well! Day off today, so I'm only after getting up, the house is lovely and quiet.",
            (
                "My favourite colour is maroon, the Galway colours. Don't tell anyone around "
                "here, they'd have me run out of the county for it."
            ),
            (
                "I'm from Tralee originally, born and reared. I only came up to Limerick for "
                "college and never went home, the mammy still hasn't forgiven me."
            ),
            (
                "My favourite dinner is a coddle, the way my nan used to make it, sausages and "
                "rashers and spuds all in the one pot. There's nothing to beat it on a cold "
                "evening."
            ),
            (
                "I collect old match programmes, GAA mostly. I've hundreds of them in boxes "
                "under the stairs, going back to the seventies."
            ),
            (
                "And I'm after starting Italian classes in the library. Magda and myself are "
                "going to Sicily next summer and I want to be able to order a dinner without "
                "pointing at the menu."
            ),
            (
                "Is it true a group of crows is called a murder? The young lad told me that "
                "and I thought he was having me on."
            ),
            (
                "My favourite film is The Banshees of Inisherin. Magda thought it was the "
                "saddest thing she ever saw, but I thought it was gas."
            ),
            (
                "Every Tuesday night I play five-a-side with the lads from work, and when I get "
                "home Biddy, the cat, is always sitting on the wall waiting to be let in."
            ),
        ],
        [
            (
                "Ah, it's yourself! It's been a while, there's a lot after changing, so you'll "
                "want to write this down."
            ),
            (
                "We've left Limerick. We're after moving to Kilkenny, Magda always wanted to "
                "live there, so we packed up the whole house, Gizmo and Biddy and all."
            ),
            (
                "I'm finished up in the Treaty Bar too. I'm working for the Marble City "
                "Driving School now, they're based out the Callan Road."
            ),
            (
                "That's right, I'm a driving instructor these days, not a barman. Twenty-odd "
                "years pulling pints and now I'm teaching young ones to reverse around a "
                "corner, and my nerves are in flitters."
            ),
            (
                "And would you believe I've gone off the Barry's. It's a cold brew coffee every "
                "morning now, Magda got me hooked on it. The mammy says I've notions."
            ),
            (
                "The Micra finally gave up the ghost on the motorway, so I got rid of her and "
                "I'm driving a Toyota Yaris now, dual controls and all, for the job."
            ),
            (
                "Here, what's the highest mountain in Ireland? Is it Carrauntoohil? I've a bet "
                "on with yer man next door."
            ),
            (
                "Oh, and I've a new favourite food. A spice bag from the Chinese at the end of "
                "our road, on a Friday night. Sorry Nana, the coddle is only second now."
            ),
            "Right, that's the lot. Thanks a million.",
        ],
        FIFTY_FIRST_QUESTIONS[:12],
        FIFTY_FIRST_QUESTIONS[12:],
    ],
    facts=_facts(FIFTY_FIRST_QUESTIONS, _FIFTY_FIRST_VALUES),
    trivia_markers=("ulysses", "shannon", "crows", "carrauntoohil"),
)

# Fifty-second: Rosalind, Harrogate -> Durham. A careful user who hedges and corrects herself
# mid-message, in brackets and dashes, answers questions she imagines ("What do I drive? A
# Honda Civic") and says her changes indirectly ("The Civic's gone"). Written without sight
# of the capture code, before any change its run could inform: kept to be run once untouched.
_FIFTY_SECOND_VALUES: list[tuple[str, str | None]] = [
    ("rosalind", None),
    ("durham", "harrogate"),
    ("lecturer", "pharmacist"),
    ("teesside", "whitfield"),
    ("lemon", "earl grey"),
    ("ranger", None),
    ("georgi", None),
    ("39", None),
    ("french", None),
    ("sesame", None),
    ("pescatarian", None),
    ("fabia", "civic"),
    ("clarinet", None),
    ("january", None),
    ("sage green", None),
    ("kendal", None),
    ("pad thai", "shepherd"),
    ("thimble", None),
    ("welsh", None),
    ("anand", None),
    ("paddington", None),
    ("friday", None),
    ("marzipan", None),
]
FIFTY_SECOND_QUESTIONS = [
    "Let's see how this works. What's my name?",
    "Which city do I live in now?",
    "What's my job at the moment?",
    "And where do I work now?",
    "What do I drink in the mornings these days?",
    "What's my dog called?",
    "What's my sister's name?",
    "How old am I?",
    "Which language do I speak besides English?",
    "What am I allergic to?",
    "What diet do I follow?",
    "What car do I drive now?",
    "Second half - which instrument do I play?",
    "Which month is my birthday in?",
    "What's my favourite colour?",
    "Where am I from originally?",
    "What's my favourite food now?",
    "What do I collect?",
    "Which language am I learning?",
    "What's my partner's name?",
    "What's my favourite film?",
    "Which day do I go swimming?",
    "Last one (I promise): what's the cat called?",
]
FIFTY_SECOND = Script(
    sessions=[
        [
            (
                "Hello. I'm Rosalind - not Rosamund, which is what everyone writes (my own bank "
                "did it for six years). I'm told you can keep track of things for me, which "
                "would be a relief."
            ),
            (
                "Where do I live? Harrogate - well, the edge of it, out towards Knaresborough, "
                "but the address says Harrogate, so: Harrogate."
            ),
            (
                "What do I do, and where? I'm a pharmacist (community, not hospital - people "
                "always ask) at Whitfield's Pharmacy on Cold Bath Road. Eleven years there now, "
                "or is it twelve? Eleven."
            ),
            (
                "Quick question, unrelated: is a tomato technically a fruit? I'm fairly sure "
                "it is, but my nephew says otherwise (he's nine, so I'm not conceding yet)."
            ),
            (
                "Mornings - a pot of Earl Grey, always. Well, nearly always; there was one dark "
                "week of instant coffee that we don't talk about. Earl Grey, milk, no sugar."
            ),
            (
                "The dog's called Ranger. Officially - on his Kennel Club papers - he's "
                "Hollyfield Bold Ranger, which is far too grand for a spaniel who eats socks, "
                "so: Ranger."
            ),
            (
                "My sister Georgina - Georgie, really; nobody has called her Georgina since "
                "primary school - is coming to stay on the 20th. No, the 21st. Could you remind "
                "me to air the spare room the day before?"
            ),
            "That's everything for now, I think. Thank you.",
        ],
        [
            (
                "Evening. Long day - two people off sick, so I was on my own at the counter "
                "from about three o'clock."
            ),
            (
                "Some basics, while I remember. How old am I? 38 - no, wait, 39; I had a "
                "birthday in January and I still haven't got used to it. The 13th of January, "
                "to be exact."
            ),
            (
                "Languages: English, obviously, and French - fluent-ish, I did a year in Lyon "
                "at university. I used to have some German too, but that's long gone, so let's "
                "say just French."
            ),
            (
                "Something important: I'm allergic to sesame. Not an intolerance - a proper "
                "allergy, I carry an EpiPen - so please flag tahini, hummus, that sort of thing."
            ),
            (
                "Diet-wise I'm pescatarian. (Strictly speaking I had a bacon sandwich at "
                "Christmas - but it was one sandwich, and otherwise it's fish, no meat.)"
            ),
            (
                "How far away is the moon, roughly? My nephew asked and I said 'about a million "
                "miles', which I suspect is wrong."
            ),
            (
                "What do I drive? A Honda Civic, silver - 'champagne', if you believe the "
                "brochure. It's a 2014, I think. 2015? No, 2014."
            ),
            (
                "And I play the clarinet. Badly, and mostly at Christmas, but I do still play - "
                "I've been in the same amateur wind band since my twenties."
            ),
            "Right - bed. Goodnight.",
        ],
        [
            "Hello again. Day off, finally, and the sun is out - briefly, I expect.",
            (
                "Favourite colour - people find this hard to believe - is sage green. Not bright "
                "green: the soft, greyish sort. Half my kitchen is sage green, which proves it."
            ),
            (
                "Where am I from? Kendal, in the Lakes. Born there, grew up there, left for "
                "university - so Kendal, no complications."
            ),
            (
                "Favourite food: shepherd's pie - the lentil version, since I don't eat meat "
                "(purists would say it isn't shepherd's pie without lamb, I know - but that's "
                "what we call it at home)."
            ),
            (
                "I collect thimbles. Yes, really - about a hundred and forty of them, maybe a "
                "hundred and fifty; I keep meaning to count them properly."
            ),
            (
                "And I'm learning Welsh - on an app, fifteen minutes a day, give or take - "
                "because Anand's family are from Swansea on his mum's side and I'd like to "
                "follow at least some of what's said at Christmas."
            ),
            (
                "Who painted Girl with a Pearl Earring? Vermeer - I'm nearly sure it was "
                "Vermeer, but I wanted to check before I say so at the book club."
            ),
            (
                "My partner - we're not married, so 'partner' rather than 'husband', though I "
                "do slip - is Anand, and we disagree about films. My favourite is Paddington 2; "
                "his is anything with a car chase."
            ),
            (
                "I swim every Friday morning before work - well, most Fridays; Friday's the "
                "fixed one, anyway. And Marzipan, our cat, sulks on the stairs until I'm back."
            ),
        ],
        [
            (
                "Hello - it's been a few weeks, sorry. A lot has changed, so here goes; please "
                "update your notes."
            ),
            (
                "Harrogate is behind us: we've been in Durham since the end of May. (The removal "
                "van was three hours late, but that's another story.)"
            ),
            (
                "Whitfield's gave me a leaving do last month. I've taken a post at Teesside "
                "University instead - teaching, not dispensing."
            ),
            (
                "So what am I now? A lecturer, in pharmacy practice - not a pharmacist behind a "
                "counter any more."
            ),
            (
                "Mornings have changed too - the Earl Grey is gone (caffeine and I have parted "
                "ways, on my GP's advice); it's hot water with lemon now."
            ),
            (
                "The Civic's gone - the clutch, then the gearbox, then my patience - and there's "
                "a Skoda Fabia on the drive now."
            ),
            (
                "Unrelated question: how many bones are in the human hand? Twenty-seven? Anand "
                "thinks it's fewer."
            ),
            (
                "Oh, and a confession: pad thai has overtaken shepherd's pie. There's a Thai "
                "place two doors down and I'm there far too often - so pad thai is the "
                "favourite now."
            ),
            "That's all, I think. Thank you.",
        ],
        FIFTY_SECOND_QUESTIONS[:12],
        FIFTY_SECOND_QUESTIONS[12:],
    ],
    facts=_facts(FIFTY_SECOND_QUESTIONS, _FIFTY_SECOND_VALUES),
    trivia_markers=("tomato", "moon", "vermeer", "bones"),
)

# Fifty-third: Brodie, Wollongong -> Townsville. Australian English: "reckon", "arvo", "ute".
# Written without sight of the capture code, before any change its run could inform: kept
# to be run once untouched.
_FIFTY_THIRD_VALUES: list[tuple[str, str | None]] = [
    ("brodie", None),
    ("townsville", "wollongong"),
    ("ranger", "plumb"),
    ("parks and wildlife", "gazzard"),
    ("turmeric", "long black"),
    ("ruckus", None),
    ("jarrod", None),
    ("42", None),
    ("vietnamese", None),
    ("jack jumper", None),
    ("fodmap", None),
    ("hilux", "commodore"),
    ("trombone", None),
    ("november", None),
    ("terracotta", None),
    ("mildura", None),
    ("banh mi", "parmi"),
    ("stubby holder", None),
    ("indonesian", None),
    ("kirsty", None),
    ("muriel", None),
    ("wednesday", None),
    ("lamington", None),
]
FIFTY_THIRD_QUESTIONS = [
    "Righto, quick quiz. What's my name?",
    "Where am I living these days?",
    "What do I do for work now?",
    "Who am I working for now?",
    "What's my morning drink now?",
    "What's the dog's name?",
    "What's my brother's name?",
    "How old am I?",
    "What language do I speak apart from English?",
    "What am I allergic to?",
    "What diet am I on?",
    "What am I driving now?",
    "Round two. What instrument do I play?",
    "What month's my birthday?",
    "What's my favourite colour?",
    "Where'd I grow up?",
    "What's my favourite feed now?",
    "What do I collect?",
    "What language am I learning?",
    "What's my partner's name?",
    "What's my favourite film?",
    "What day's touch footy?",
    "Last one - what's the cat called?",
]
FIFTY_THIRD = Script(
    sessions=[
        [
            (
                "G'day! Brodie here. My partner Kirsty reckons I need one of these AI things "
                "to keep track of stuff so I stop forgetting everything, so here we are, mate."
            ),
            (
                "Bit about me I s'pose. I'm a plumber, been on the tools since I was seventeen. "
                "We live in Corrimal, just north of Wollongong, five minutes from the beach."
            ),
            (
                "I work for Gazzard Bros, a family mob out of Fairy Meadow. Old Col Gazzard gave "
                "me my apprenticeship and he's been stuck with me ever since."
            ),
            (
                "Random one for ya. Is it true wombats do square poo? My nephew swears it is and "
                "I reckon he's pulling my leg."
            ),
            (
                "Brekkie's usually just a long black from the servo on the way to the first job. "
                "Honestly that's half the reason I get out of bed."
            ),
            (
                "We've got a kelpie cross called Ruckus. Name says it all really, he dug up the "
                "whole veggie patch on the weekend and looked dead proud of himself."
            ),
            (
                "Oh, can you remind me my little brother Jarrod's engagement do is on the 14th? "
                "Jazza's finally getting hitched and if I forget Mum'll have my guts for garters."
            ),
            "Righto, that'll do me for now. Cheers.",
        ],
        [
            (
                "Arvo. Absolute stinker today, 38 in the shade, and I spent the whole morning "
                "under a house in Thirroul. Cooked."
            ),
            (
                "Few things while I think of it. I turned 42 on the 3rd of November, Cup day as "
                "it happened, so the whole pub sang to me. Bit embarrassing."
            ),
            (
                "Mum's from Saigon, so I grew up speaking Vietnamese at home. Bit rusty these "
                "days but I can still hold my own with the aunties at Tet."
            ),
            (
                "Also I'm allergic to jack jumpers. Got bitten as a kid at Nan's place in Tassie "
                "and ended up in hospital, so I carry an EpiPen everywhere now."
            ),
            (
                "And the doc's got me on the low FODMAP diet for my gut. No onion, no garlic, "
                "basically nothing that tastes good. Kirsty's been a legend about it though."
            ),
            (
                "Settle something for us. Was Bradman's Test average really 99 point something? "
                "Big argument about it at smoko."
            ),
            (
                "The work ute's the boss's, but my own car's an '09 Holden Commodore. Drinks like "
                "a fish and the aircon's cactus, but I love her."
            ),
            (
                "I play trombone in the Illawarra brass band too, have since high school. Nobody "
                "ever believes me when I tell 'em."
            ),
            "Anyway, better go fire up the barbie. Catch ya.",
        ],
        [
            "Morning mate. Rostered day off, so I'm still in my trackies. Living the dream.",
            (
                "Fave colour's terracotta. Kirsty reckons it's just orange-brown but she's "
                "wrong, it's a whole different thing."
            ),
            (
                "I'm a Mildura boy originally, grew up on Mum and Dad's orange block just out of "
                "town. Came to the coast for the apprenticeship and never went back."
            ),
            (
                "Best feed in the world is a chicken parmi at the Heritage pub, chips and salad "
                "and a schooner on the side. Don't care what the doc says about it."
            ),
            (
                "I collect stubby holders as well. Got about three hundred in the shed now, from "
                "every pub and footy club between here and Darwin."
            ),
            (
                "Me and Kirsty are doing Indonesian on the app before we go to Bali in the "
                "winter hols. I'm on a 40 day streak, she's on 12, not that I'm counting."
            ),
            "How big is Uluru anyway? Someone told me it's taller than the Eiffel Tower.",
            (
                "Fave film of all time? Muriel's Wedding. Yeah, I know. Kirsty made me watch it "
                "on our second date and I've seen it about forty times since."
            ),
            (
                "Wednesday arvo's touch footy with the boys from the band, and when I get home "
                "Lamington's always up on the fence yelling for her dinner. She's our cat, "
                "fat as."
            ),
        ],
        [
            "G'day, been a while! Heaps has happened, so strap in.",
            (
                "We finally did it. Packed up the car, the dog and the cat and drove two days up "
                "the coast. Townsville's home now, Kirsty got a job at the hospital up here."
            ),
            (
                "I've hung up the plumbing tools for good. Did my Cert III in conservation at "
                "TAFE at night last year, and now I'm a ranger, out on the islands half the week."
            ),
            (
                "It's with Queensland Parks and Wildlife, so a proper government job. Col was "
                "gutted to lose me but he shouted the whole crew a farewell at the pub."
            ),
            (
                "The servo long blacks are a thing of the past too. Kirsty's got me onto "
                "turmeric lattes of a morning. Don't laugh."
            ),
            (
                "And the Commodore's gone to a young fella in Ayr for two grand. Needed something "
                "for the dirt roads, so there's a HiLux in the driveway now. Finally a real ute."
            ),
            (
                "Here's one for ya. Did the emus actually win the Emu War? Bloke at work reckons "
                "the army lost."
            ),
            (
                "Oh, and the parmi's been knocked off its perch. There's a bakery on Flinders "
                "Street that does a pork banh mi that'd make Mum cry. That's my number one now."
            ),
            "Righto, that's the lot. Ta.",
        ],
        FIFTY_THIRD_QUESTIONS[:12],
        FIFTY_THIRD_QUESTIONS[12:],
    ],
    facts=_facts(FIFTY_THIRD_QUESTIONS, _FIFTY_THIRD_VALUES),
    trivia_markers=("wombat", "bradman", "uluru", "emu", "stinker"),
)

# Fifty-fourth: Jolene, Kuala Lumpur -> Taipei. Singaporean English typed on a phone: "lah",
# "one", "already", "got". Written without sight of the capture code, before any change its
# run could inform: kept to be run once untouched.
_FIFTY_FOURTH_VALUES: list[tuple[str, str | None]] = [
    ("jolene", None),
    ("taipei", "kuala lumpur"),
    ("cabin crew", "audit"),
    ("eva air", "kpmg"),
    ("soy milk", "teh tarik"),
    ("kaya", None),
    ("shermaine", None),
    ("26", None),
    ("hokkien", None),
    ("crab", None),
    ("beef", None),
    ("gogoro", "myvi"),
    ("guzheng", None),
    ("august", None),
    ("peach", None),
    ("ang mo kio", None),
    ("lu rou fan", "chicken rice"),
    ("hello kitty", None),
    ("thai", None),
    ("jun hao", None),
    ("crazy rich", None),
    ("thursday", None),
    ("ondeh", None),
]
FIFTY_FOURTH_QUESTIONS = [
    "ok test time. what's my name?",
    "where i staying now?",
    "what's my job now?",
    "which company i work for now?",
    "what i drink in the morning now?",
    "my dog name what?",
    "what's my sister's name?",
    "how old am i?",
    "what language i speak other than english?",
    "what i allergic to?",
    "what diet i follow ah?",
    "what i drive now?",
    "ok part 2. what instrument i play?",
    "which month my birthday?",
    "what's my fav colour?",
    "where i grew up?",
    "what's my fav food now?",
    "what i collect?",
    "what language i learning?",
    "my boyfriend name what?",
    "what's my fav movie?",
    "which day i play badminton?",
    "last one, my cat name what?",
]
FIFTY_FOURTH = Script(
    sessions=[
        [
            (
                "hi hi, jolene here. my colleague say this app can remember things for u one, "
                "so i try lah. last time i use notes app but always lose track"
            ),
            (
                "ok basic info first. i'm singaporean but staying in kuala lumpur 3 yrs already, "
                "company send me over. stay in mont kiara, quite nice actually"
            ),
            (
                "work wise i'm an auditor with kpmg. now busy season so everyday ot until 11pm, "
                "siao already"
            ),
            (
                "eh random qn. why the merlion got fish body one? my ang moh colleague ask me and "
                "i also dunno how to answer"
            ),
            (
                "every morning must have my teh tarik from the mamak downstairs, if not whole "
                "day cannot function"
            ),
            (
                "got one dog also, kaya, mini schnauzer. very manja one, every time i come home "
                "she cry like i went away one year"
            ),
            (
                "can remind me my sister shermaine's bday is next fri? must buy present and post "
                "back to sg, later she sulk again"
            ),
            "ok that's all for now. thanks ah",
        ],
        [
            "wah today so hot, walk from the lrt to office also sweat until like that",
            (
                "ok some more info. this year i'm 26, birthday is 9 august, same day as national "
                "day so every year got fireworks for me one haha"
            ),
            (
                "i speak english, mandarin and hokkien. the hokkien is from my ah ma, she "
                "cannot speak english at all so last time i must use hokkien with her"
            ),
            (
                "also i allergic to crab, last time eat chilli crab whole face swell up, so sad. "
                "and i don't eat beef one, my family pray guan yin"
            ),
            "u know why durian so smelly or not? my bf say is some chemical thing",
            (
                "here i drive a myvi, second hand one, small small but very easy to park. in sg "
                "where got money to buy car, here can"
            ),
            (
                "weekends i still play guzheng sometimes, learn since primary school. neighbour "
                "never complain yet so should be ok lah"
            ),
            "ok going to sleep already. night",
        ],
        [
            "morning! public holiday today so can sleep in, shiok",
            (
                "fav colour is peach. my whole room is peach colour, my bf say like staying "
                "inside a fruit"
            ),
            (
                "i grew up in ang mo kio, near the hawker centre at blk 406. every time go back "
                "sg sure go eat there one"
            ),
            (
                "my all time fav food is chicken rice lah, confirm. the one at maxwell is the "
                "best, don't argue with me"
            ),
            (
                "i collect hello kitty stuff, from the mcdonalds ones last time until now. got "
                "like 200 already, my mum say house no space"
            ),
            (
                "me and jun hao learning thai now, we go bangkok every few months so want to "
                "order food properly, not just point point"
            ),
            (
                "eh is orchid really singapore's national flower? or is it malaysia one? i "
                "always mix up"
            ),
            (
                "fav movie is crazy rich asians, i know i know. but i watch already maybe 10 "
                "times, every time still cry at the mahjong part"
            ),
            (
                "every thursday night i play badminton with my uni friends, then come home ondeh "
                "already sleeping on my pillow. ondeh is my cat, orange one, very fat"
            ),
        ],
        [
            "hello! long time never talk. got a lot of updates ah, u better write down",
            (
                "i'm in taipei now! moved last month, kaya and ondeh also come with me, the "
                "paperwork damn jialat"
            ),
            (
                "the audit life is over liao. i'm cabin crew now, flying long haul, finally "
                "can see the world instead of sit in office whole day"
            ),
            (
                "company is eva air, based at taoyuan. my old kpmg kakis all say i siao but i "
                "very happy leh"
            ),
            (
                "mornings now is soy milk from the breakfast shop below my apartment. teh tarik "
                "here don't have, even if got also not the same"
            ),
            (
                "the myvi now is my ex-colleague's problem haha. here i ride a gogoro, the "
                "electric scooter, everybody here got one"
            ),
            (
                "today got typhoon warning, all the flights delayed. typhoon and hurricane same "
                "thing or not?"
            ),
            (
                "sorry chicken rice, u kena replaced. lu rou fan is my new number one, the shop "
                "near my place only 40 nt, can eat every day"
            ),
            "ok that's all the news. bye bye",
        ],
        FIFTY_FOURTH_QUESTIONS[:12],
        FIFTY_FOURTH_QUESTIONS[12:],
    ],
    facts=_facts(FIFTY_FOURTH_QUESTIONS, _FIFTY_FOURTH_VALUES),
    trivia_markers=("merlion", "durian", "orchid", "typhoon"),
)

# Fifty-fifth: Riaan, Pretoria -> Stellenbosch. South African English from an Afrikaans
# speaker: "ag", "ja", "lekker", "eish", "just now", "okes", "bakkie", "stay" for live.
# Written without sight of the capture code, before any change its run could inform: kept
# to be run once untouched.
_FIFTY_FIFTH_VALUES: list[tuple[str, str | None]] = [
    ("riaan", None),
    ("stellenbosch", "pretoria"),
    ("winemak", "boilermak"),
    ("rustenhof", "mokoena"),
    ("honeybush", "ricoffy"),
    ("jakkals", None),
    ("marike", None),
    ("37", None),
    ("afrikaans", None),
    ("cashew", None),
    ("banting", None),
    ("defender", "isuzu"),
    ("concertina", None),
    ("september", None),
    ("khaki", None),
    ("upington", None),
    ("snoek", "bobotie"),
    ("rugby programme", None),
    ("xhosa", None),
    ("annelie", None),
    ("district 9", None),
    ("saturday", None),
    ("koekie", None),
]
FIFTY_FIFTH_QUESTIONS = [
    "Right, let's see if you were listening. What's my name?",
    "Where do I stay these days?",
    "What's my job now?",
    "Who am I working for now?",
    "What do I drink in the mornings now?",
    "What's the dog called again?",
    "And my sister's name?",
    "How old am I?",
    "What do I speak besides English?",
    "What am I allergic to?",
    "What diet am I on?",
    "What am I driving now?",
    "Okay, round two. What instrument do I play?",
    "Which month is my birthday?",
    "What's my favourite colour?",
    "Where am I from originally?",
    "What's my favourite food these days?",
    "What do I collect?",
    "Which language am I learning?",
    "What's my wife's name?",
    "What's my favourite film?",
    "Which day do I do parkrun?",
    "Last one, boet. What's the cat called?",
]
FIFTY_FIFTH = Script(
    sessions=[
        [
            (
                "Howzit! Riaan here. My wife Annelie put this thing on my laptop and said I "
                "must stop writing stuff on the back of my hand, so ja, let's see how it goes."
            ),
            (
                "Bit of background I suppose. We stay in Pretoria, in Moreleta Park, been here "
                "about eleven years now. Lekker area, it's just the traffic on Lynnwood Road "
                "that kills me."
            ),
            (
                "I'm a boilermaker by trade. Work at Mokoena Steel out in Rosslyn, making tanks "
                "and chutes for the mines mostly. Hot, loud work, but the okes are solid."
            ),
            (
                "Random question, hey. Is it true Table Mountain is older than the Himalayas? "
                "My brother-in-law said so at the braai and I didn't want to look stupid."
            ),
            (
                "Mornings it's a big mug of Ricoffy, two sugars, standing at the back door "
                "while the dog does his rounds. Doesn't get better than that, man."
            ),
            (
                "The dog's a Jack Russell called Jakkals, because he looks like one and he "
                "acts like one too. Pinched half a boerewors roll off the table at the braai "
                "while nobody was looking."
            ),
            (
                "Ag, and please remind me my sister Marike lands from London on the 14th. I "
                "promised I'd fetch her at OR Tambo and if I forget I'll never hear the end "
                "of it."
            ),
            "Okay, that's it for now. Cheers.",
        ],
        [
            (
                "Eish, loadshedding again tonight, stage 4. Typing this by candlelight like "
                "it's 1820."
            ),
            (
                "Some more stuff about me. I'm 37, birthday's the 24th of September, Heritage "
                "Day, so basically the whole country has a braai for me every year."
            ),
            (
                "Home language is Afrikaans, obviously. English I picked up at school and "
                "from watching too much TV as a laaitie."
            ),
            (
                "Also I'm allergic to cashews, properly, throat closes up and everything. So "
                "when Annelie's friends bring those fancy nut mixes I stay far away."
            ),
            (
                "And I'm doing Banting at the moment. No bread, no pap, no sugar, lots of "
                "meat. Lost 8 kg since January, so don't tell me it doesn't work."
            ),
            (
                "Why do hadedas scream like that at five in the morning? Is there actually a "
                "reason or are they just being rude?"
            ),
            (
                "My car's a white 2014 Isuzu bakkie, 280 000 on the clock and still going "
                "strong. Those engines just don't die."
            ),
            (
                "Oh ja, and I play the concertina in a boeremusiek band. Ja, really. My oupa "
                "taught me when I was small and it stuck."
            ),
            "Right, power's back. Chat just now.",
        ],
        [
            "Morning! Finally some rain for the garden, the lawn was looking like the Karoo.",
            (
                "Annelie wants to repaint the stoep and I voted khaki, my favourite colour. She "
                "laughed at me. Apparently khaki is 'not a colour, it's a uniform'."
            ),
            (
                "I'm originally from Upington, in the Northern Cape. Hottest place on earth in "
                "January, I promise you. My folks still farm grapes down by the river there."
            ),
            (
                "Favourite food in the world is my ma's bobotie, with yellow rice and "
                "blatjang on the side. Nothing comes close, sorry Annelie."
            ),
            (
                "I collect old Springbok rugby programmes, going back to the sixties. Got "
                "about three hundred in plastic sleeves in the study, and the '95 final one is "
                "framed, obviously."
            ),
            (
                "And I'm learning isiXhosa, on an app plus a WhatsApp group with some of the "
                "guys from work. My clicks are still terrible, they laugh every time."
            ),
            (
                "What's faster over a short distance, a cheetah or a greyhound? Having a bet "
                "with the neighbour."
            ),
            (
                "Best film ever made is District 9, no argument. Filmed in Joburg, and Wikus "
                "is basically every oke I've ever worked with."
            ),
            (
                "Saturday mornings is parkrun at the dam with Jakkals, and when we get home "
                "Koekie is sitting in the window pretending she didn't miss us. Koekie's our "
                "cat, fat and spoilt rotten."
            ),
        ],
        [
            "Howzit! Sorry, been quiet for a while, things have been a bit mal. Okay, listen.",
            (
                "We packed up the house and drove down the N1 with the animals in the back. "
                "Stellenbosch is home now, mountains out the kitchen window. Still can't "
                "believe it."
            ),
            (
                "Haven't touched a welding torch in three months. I did the short course at "
                "the university last year, and now I'm an assistant winemaker, if you can "
                "believe it. From steel tanks to wine tanks, ha."
            ),
            (
                "It's at Rustenhof Estate, a small family farm out on the Helshoogte road. The "
                "okes from the old place gave me a proper send-off braai when I left."
            ),
            (
                "And Annelie finally won. No more Ricoffy, mornings it's honeybush tea now, "
                "with a bit of honey. I know, I know."
            ),
            (
                "Sold the bakkie to my cousin in Bela-Bela. It was never going to make the "
                "passes with a trailer, so there's a second-hand Land Rover Defender in the "
                "driveway now. Leaks oil but she's beautiful."
            ),
            (
                "Quick one: why do they call the southeaster here the Cape Doctor? Nearly blew "
                "me off the stoep yesterday."
            ),
            (
                "Also the bobotie's been knocked off its throne, sorry Ma. There's a guy at the "
                "harbour in Gordon's Bay who braais snoek with apricot jam, and that's my "
                "favourite food now."
            ),
            "Okay, that's all the news. Lekker chatting, speak now-now.",
        ],
        FIFTY_FIFTH_QUESTIONS[:12],
        FIFTY_FIFTH_QUESTIONS[12:],
    ],
    facts=_facts(FIFTY_FIFTH_QUESTIONS, _FIFTY_FIFTH_VALUES),
    trivia_markers=("himalayas", "hadeda", "cheetah", "southeaster", "loadshedding"),
)

# Fifty-sixth: Shanique, Montego Bay -> Kingston. Jamaican English sliding into Patois:
# "mi", "dem", "cyaan", "nuh", "from mi small", "a dat". Written without sight of the capture
# code, before any change its run could inform: kept to be run once untouched.
_FIFTY_SIXTH_VALUES: list[tuple[str, str | None]] = [
    ("shanique", None),
    ("kingston", "montego bay"),
    ("midwi", "tour guide"),
    ("jubilee", "rose hall"),
    ("fever grass", "blue mountain"),
    ("duppy", None),
    ("tanesha", None),
    ("29", None),
    ("patois", None),
    ("pimento", None),
    ("pork", None),
    ("axio", "probox"),
    ("melodica", None),
    ("february", None),
    ("canary", None),
    ("port antonio", None),
    ("ackee", "escovitch"),
    ("sea glass", None),
    ("creole", None),
    ("dwayne", None),
    ("cool runnings", None),
    ("tuesday", None),
    ("bammy", None),
]
FIFTY_SIXTH_QUESTIONS = [
    "Aright, test time. Wha mi name?",
    "Which city mi living in now?",
    "Wha mi do fi work now?",
    "Where mi work now?",
    "Wha mi drink inna di morning now?",
    "Wha di dog name?",
    "Wha mi sister name?",
    "How old mi be?",
    "Wha language mi speak besides English?",
    "Wha mi allergic to?",
    "Wha kinda diet mi follow?",
    "Wha car mi drive now?",
    "Part two. Wha instrument mi play?",
    "Which month mi birthday deh in?",
    "Wha mi favourite colour?",
    "Where mi come from originally?",
    "Wha mi favourite food now?",
    "Wha mi collect?",
    "Wha language mi a learn?",
    "Wha mi boyfriend name?",
    "Wha mi favourite film?",
    "Which day mi play netball?",
    "Last one. Wha di cat name?",
]
FIFTY_SIXTH = Script(
    sessions=[
        [
            (
                "Wah gwaan! Mi name Shanique, but everybody call mi Nique. Mi cousin seh this "
                "thing can remember stuff fi yuh, so mi a try it. Mi memory nuh good at all."
            ),
            (
                "So mi live inna Montego Bay, up by Ironshore. Nice area, breeze always a blow, "
                "but di tourist traffic pon di Hip Strip a kill mi every day."
            ),
            (
                "Work wise, mi a tour guide at Rose Hall Great House. Mi do di night ghost tour, "
                "telling di visitors dem bout Annie Palmer, di White Witch. Some a dem bawl "
                "fi real."
            ),
            (
                "Question fi yuh. A true seh Usain Bolt never lose a 100m final at di "
                "Olympics? Me and mi co-worker a argue bout it whole morning."
            ),
            (
                "Every morning, before anything else, mi need mi cup a Blue Mountain coffee. "
                "Black, likkle sugar. Without it mi cyaan function, serious."
            ),
            (
                "Mi have a dog name Duppy, black mongrel. Him name Duppy because him just "
                "appear one night pon di verandah and never leave. Him love mi more than any "
                "man ever did, lol."
            ),
            (
                "Oh, remind mi seh mi sister Tanesha birthday a next Friday, yuh hear? Mi haffi "
                "send something or she a go vex wid mi fi a whole year."
            ),
            "Aright, mi gone. Laters.",
        ],
        [
            (
                "Mawnin. Rain a fall from last night, di whole road flood out. Mi nearly turn "
                "back go home."
            ),
            (
                "Few more tings bout me. Mi turn 29 pon di 6th a February, same day as Bob "
                "Marley, so mi always seh di whole island a celebrate mi birthday."
            ),
            (
                "Mi speak English and Patois, obviously. At work a straight English, proper "
                "proper, but as mi reach home a pure Patois."
            ),
            (
                "Also, big one: mi allergic to pimento. Mi know, a Jamaican who cyaan eat "
                "pimento, a joke. Mi face swell up like balloon, so most jerk off limits."
            ),
            (
                "And mi grow up Seventh-day Adventist, so mi nuh eat pork at all. Not even a "
                "likkle bacon. Mi mother would feel it inna her spirit."
            ),
            (
                "Why dem call di hummingbird di doctor bird? Di visitors always ask and mi "
                "just make up something every time, lol."
            ),
            (
                "Mi drive a old silver Toyota Probox. It rattle like a tin a nails but one time "
                "it carry mi and half mi netball team to Negril."
            ),
            (
                "Mi play di melodica too, inna one likkle reggae band wid some friends from "
                "school. Augustus Pablo style. People laugh when dem see it, but dem stop laugh "
                "when mi start play."
            ),
            "Aright, mi gone fi real now. Walk good.",
        ],
        [
            "Bless up! Day off today, mi just a cool out pon di verandah.",
            (
                "Mi just paint mi bedroom canary yellow, mi favourite colour from mi small. "
                "Dwayne, mi boyfriend, seh it feel like waking up inside a egg yolk, but a fi "
                "mi room, not fi him."
            ),
            (
                "Mi originally from Port Antonio, though. Portland girl to di bone. Mi mother "
                "still have her likkle shop near di market there."
            ),
            (
                "Favourite food? Escovitch fish, no contest. Fry snapper wid di pickle pepper "
                "and onion pon top, and a festival pon di side. Mi coulda eat it every day."
            ),
            (
                "From mi small mi collect sea glass off di beach. Mi have jar pon jar a it, "
                "green and white, and one rare blue piece mi nah sell fi nobody."
            ),
            (
                "Mi a learn Haitian Creole now too, at night class. Plenty Haitian people pass "
                "through Mobay and mi want fi talk to dem proper."
            ),
            (
                "Who actually write Redemption Song? Dwayne seh a Peter Tosh but mi sure a "
                "Bob Marley."
            ),
            (
                "Mi favourite film a Cool Runnings. Mi know, mi know, but every time dem carry "
                "di bobsled over di line mi bawl like baby."
            ),
            (
                "Every Tuesday evening a netball at di community centre, and when mi reach "
                "home Bammy always a wait pon di gate. Bammy a mi cat, ginger and fat and full "
                "a attitude."
            ),
        ],
        [
            "Yow! Long time. Nuff ting change, mek mi tell yuh.",
            (
                "Mi pack up everything and move to Kingston last month. Duppy and Bammy come "
                "too, Bammy bawl di whole way over di hills. Town busy bad, but mi love it."
            ),
            (
                "Mi finish mi training finally, so no more ghost tour fi mi. Mi a midwife now! "
                "Catch three babies last week alone."
            ),
            (
                "Mi deh at Victoria Jubilee Hospital, di big maternity hospital downtown. Long "
                "shift dem, but mi nah complain."
            ),
            (
                "Mi stop drink coffee too, it did a mash up mi belly pon night shift. Now a "
                "fever grass tea every morning, mi granny remedy."
            ),
            (
                "And di Probox dead pon Mandela Highway at last. Mi sell it fi parts, and now "
                "mi drive a grey Toyota Axio. Smooth, yuh see mi?"
            ),
            (
                "Random question: what year Hurricane Gilbert did hit Jamaica? Mi granny always "
                "a talk bout it."
            ),
            (
                "And escovitch fish lose it crown. Di lady round di corner from mi new place do "
                "ackee and saltfish wid roast breadfruit, and a dat a mi favourite food now."
            ),
            "Aright, a dat alone. Walk good!",
        ],
        FIFTY_SIXTH_QUESTIONS[:12],
        FIFTY_SIXTH_QUESTIONS[12:],
    ],
    facts=_facts(FIFTY_SIXTH_QUESTIONS, _FIFTY_SIXTH_VALUES),
    trivia_markers=("usain", "hummingbird", "redemption", "gilbert"),
)

# Fifty-seventh: Mhairi, Paisley -> Dundee. A Glaswegian writing broad Scots as she speaks
# it: "Ah'm", "ma", "wee", "aye", "naw", "cannae", "didnae", "wis", "fae", "tae", "ken",
# "stay" for live, "oan", "the noo", "weans", "messages", "pieces". Written without sight of
# the capture code, before any change its run could inform: kept to be run once untouched.
_FIFTY_SEVENTH_VALUES: list[tuple[str, str | None]] = [
    ("mhairi", None),
    ("dundee", "paisley"),
    ("groomer", "postie"),
    ("waggy", "royal mail"),
    ("scottish blend", "nescaf"),
    ("boaby", None),
    ("ishbel", None),
    ("46", None),
    ("urdu", None),
    ("mustard", None),
    ("gluten", None),
    ("dacia", "fiesta"),
    ("tin whistle", None),
    ("october", None),
    ("claret", None),
    ("greenock", None),
    ("smokie", "stovies"),
    ("subbuteo", None),
    ("ukrainian", None),
    ("davie", None),
    ("gregory", None),
    ("monday", None),
    ("nessie", None),
]
FIFTY_SEVENTH_QUESTIONS = [
    "Right, test time. Whit's ma name?",
    "Whit toon dae Ah stay in the noo?",
    "Whit dae Ah dae fur a livin the noo?",
    "Where am Ah workin the noo?",
    "Whit dae Ah drink first thing in the mornin the noo?",
    "Whit's the dug cried?",
    "Whit's ma sister cried?",
    "How auld am Ah?",
    "Whit language can Ah speak apart fae English?",
    "Whit am Ah allergic tae?",
    "Whit kind o diet am Ah oan?",
    "Whit motor dae Ah drive the noo?",
    "Second hauf. Whit instrument dae Ah play?",
    "Whit month's ma birthday in?",
    "Whit's ma favourite colour?",
    "Where am Ah fae originally?",
    "Whit's ma favourite food the noo?",
    "Whit is it Ah collect?",
    "Whit language am Ah learnin?",
    "Whit's ma man cried?",
    "Whit's ma favourite film?",
    "Whit day dae Ah go tae the Zumba?",
    "Last wan. Whit's the cat cried?",
]
FIFTY_SEVENTH = Script(
    sessions=[
        [
            (
                "Awright Kai! Ah'm Mhairi. Ma lassie put ye oan ma phone an says ye can mind "
                "things fur me. Ah cannae even mind whit Ah went intae a room fur, so aye, "
                "that'll be handy."
            ),
            (
                "Ah stay in Paisley, up the Foxbar end. Near twenty year Ah've been here. It's "
                "no the bonniest bit o the world but the folk are sound, ken?"
            ),
            (
                "Ah'm a postie, eight year oan the same round, rain or shine, an in Paisley "
                "it's mostly rain. Ma calves are like a fitba player's, nae kiddin."
            ),
            (
                "It's Royal Mail Ah work fur, oot the Paisley delivery office. Ma gaffer's a "
                "nippy wee man but he's fair enough when ye get tae ken him."
            ),
            (
                "Here, settle somethin fur me. How high is Ben Nevis? Ma man's been up it "
                "twice an he still didnae ken when Ah asked him."
            ),
            (
                "Every mornin afore Ah go oot the door it's a big mug o Nescafé, milk an two "
                "sugars. Ah'm no a human bein till Ah've had it, ask anybody."
            ),
            (
                "Ah've a wee dug cried Boaby, a Westie. Cheeky wee swine, he'll have the pieces "
                "right oot ma bag if Ah leave it lyin oan the flair."
            ),
            (
                "Oh, an mind me tae phone ma sister Ishbel the night. Her weans have got their "
                "sports day the morra an Ah said Ah'd go an shout fur them."
            ),
            "Right, that's me. Cheerio the noo.",
        ],
        [
            (
                "Mornin! It's absolutely pishin doon the day. Ah'm soaked tae the skin an it's "
                "no even nine o'clock."
            ),
            (
                "Few mair things aboot me. Ah'm 46, an ma birthday's the 9th o October. Ma man "
                "forgets it every single year, so ye can remind him an aw."
            ),
            (
                "Ah grew up next door tae the Iqbals an wis never oot their hoose, so Ah can "
                "speak Urdu near enough fluent. The aunties in the shop cannae get ower it "
                "when Ah start bletherin."
            ),
            (
                "Ah'm allergic tae mustard, by the way. Even a wee dab an ma lips swell up like "
                "a balloon. Ye'd be amazed how much stuff's got it hidin in it."
            ),
            (
                "An Ah'm coeliac, so it's gluten-free everythin fur me. Nae pieces wi proper "
                "bread, nae pie at the fitba, naethin. Ah get ma messages oot the free-fae "
                "aisle an it costs a fortune, so it does."
            ),
            (
                "How many islands has Scotland got, dae ye ken? Ma wee nephew asked me an Ah "
                "didnae have a scooby."
            ),
            (
                "Ah drive a wee red Ford Fiesta, a 2011 wan. The heater's knackered an the "
                "passenger door disnae open fae the inside, but she gets me fae A tae B."
            ),
            (
                "Ah play the tin whistle an aw, in a ceilidh band wi some pals. We dae "
                "weddings an that. Naebody ever looks at the whistle player but Ah dinnae care."
            ),
            "Right, Ah'm away. Ta-ta.",
        ],
        [
            "Hiya! Day aff the day, so Ah'm sittin wi ma feet up watchin the rain.",
            (
                "Ah've just painted the livin room claret, ma favourite colour since Ah wis a "
                "wean. Davie, that's ma man, says it's like sittin inside a black puddin, but "
                "he's no the wan that looks at it aw day."
            ),
            (
                "Ah'm no fae Paisley originally, mind. Ah'm fae Greenock, born an bred. Ma maw "
                "still stays there, up the hill lookin ower the Clyde."
            ),
            (
                "Favourite food? Stovies, nae contest. Ma maw's stovies wi a wee bit o beetroot "
                "oan the side. Ah could eat them every day o the week."
            ),
            (
                "Ah collect auld Subbuteo teams an aw. Got ower two hunner in boxes up the "
                "loft. Davie says it's a laddie's hobby but Ah've had them since Ah wis wee."
            ),
            (
                "An Ah'm learnin Ukrainian at a night class. A wee family fae Kharkiv moved in "
                "doonstairs an Ah want tae be able tae have a proper blether wi the maw."
            ),
            (
                "Wis it John Logie Baird that invented the telly? Ma man says it wis some "
                "American but Ah'm sure it wis a fella fae Helensburgh."
            ),
            (
                "Ma favourite film's Gregory's Girl. Seen it aboot fifty times an Ah still "
                "greet laughin at the boy in the penguin suit walkin through the school."
            ),
            (
                "Every Monday nicht Ah'm at the Zumba in the community centre, an when Ah get "
                "hame Nessie's aye sittin oan the windae sill waitin. Nessie's oor cat, big "
                "grey lump, thinks she owns the place."
            ),
        ],
        [
            "Awright Kai! Long time, eh? Loads has happened, let me tell ye.",
            (
                "We've flitted tae Dundee! Packed the hale hoose intae a van last month, Boaby "
                "an Nessie an aw. It's blowin a gale up here hauf the time, but Ah love it."
            ),
            (
                "Ah've packed in the post an aw, nae mair postie fur me. Did a course at the "
                "college an Ah'm a dog groomer the noo. Me, that cannae even brush ma ain hair."
            ),
            (
                "Ah'm at a place cried Waggy Tails, a wee groomin parlour in Broughty Ferry. "
                "The wumman that owns it is a pure gem."
            ),
            (
                "Ah've chucked the Nescafé tae, it wis makin me aw jittery. It's a pot o "
                "Scottish Blend every mornin the noo, stewed strong wi a drop o milk."
            ),
            (
                "An the Fiesta finally conked oot oan the A90 just past Perth, had tae get it "
                "towed. Ah've got a Dacia Sandero the noo, a grey wan. No glamorous, but the "
                "heater works!"
            ),
            (
                "Here, how come they cry this place the city o jute, jam an journalism? Ma "
                "neighbour tellt me but Ah wisnae listenin."
            ),
            (
                "An the stovies have been knocked aff the top spot, sorry Maw. There's a wee "
                "shed doon by the harbour in Arbroath that does smokies hot aff the fire, an "
                "that's ma favourite food the noo."
            ),
            "Right, that's aw ma news. Cheerio the noo!",
        ],
        FIFTY_SEVENTH_QUESTIONS[:12],
        FIFTY_SEVENTH_QUESTIONS[12:],
    ],
    facts=_facts(FIFTY_SEVENTH_QUESTIONS, _FIFTY_SEVENTH_VALUES),
    trivia_markers=("nevis", "islands", "logie", "jute"),
)

# Fifty-eighth: Marisol, Hialeah -> Orlando. A Miami Cuban-American code-switching between
# English and Spanish mid-sentence: "mi esposo", "vivo en", "soy alérgica al", "o sea",
# "pero like", "la verdad", "bueno"; some facts said wholly in Spanish, some in English, most
# half and half. Written without sight of the capture code, before any change its run could
# inform: kept to be run once untouched.
_FIFTY_EIGHTH_VALUES: list[tuple[str, str | None]] = [
    ("marisol", None),
    ("orlando", "hialeah"),
    ("sonograph", "manicur"),
    ("adventhealth", "divinas"),
    ("golden milk", "cafecito"),
    ("chancleta", None),
    ("yadira", None),
    ("30", None),
    ("spanish", None),
    ("mango", None),
    ("paleo", None),
    ("rav4", "altima"),
    ("conga", None),
    ("november", None),
    ("coral", None),
    ("cienfuegos", None),
    ("ceviche", "ropa vieja"),
    ("perfume", None),
    ("hebrew", None),
    ("ariel", None),
    ("moonlight", None),
    ("thursday", None),
    ("malanga", None),
]
FIFTY_EIGHTH_QUESTIONS = [
    "Okay, quiz time. ¿Cómo me llamo?",
    "¿En qué city vivo ahora?",
    "¿Y de qué trabajo now?",
    "¿Dónde trabajo ahora?",
    "What do I drink por la mañana now?",
    "¿Cómo se llama mi perrita?",
    "¿Y mi hermana, cómo se llama?",
    "¿Cuántos años tengo?",
    "What language do I speak besides English?",
    "¿A qué soy alérgica?",
    "¿Qué diet estoy siguiendo?",
    "What car do I drive ahora?",
    "Bueno, part two. ¿Qué instrumento toco?",
    "¿En qué mes es mi cumpleaños?",
    "What's my favorite color?",
    "¿De dónde soy originalmente?",
    "¿Cuál es mi comida favorita now?",
    "¿Qué colecciono?",
    "What language am I learning?",
    "¿Cómo se llama mi esposo?",
    "¿Cuál es mi película favorita?",
    "What day do I play pickleball?",
    "Last one: ¿cómo se llama la gata?",
]
FIFTY_EIGHTH = Script(
    sessions=[
        [
            (
                "Hola Kai! Me llamo Marisol, pero everybody calls me Mari. Mi prima me dijo que "
                "you can remember stuff for me, so vamos a ver, porque mi memoria es un desastre."
            ),
            (
                "Vivo en Hialeah con mi esposo y los animales. Pero like, el traffic en la "
                "Palmetto me tiene loca, una hora todos los días para llegar a cualquier lado."
            ),
            (
                "Soy manicurista, o sea, I do nails. Acrylics, gel, todo. Llevo como diez años "
                "en esto y mis clientas are basically family at this point."
            ),
            (
                "I work at Uñas Divinas, un saloncito on West 49th Street. La dueña es una "
                "señora que es un amor, pero cuando se pone brava, ay mi madre."
            ),
            (
                "Oye, pregunta random: ¿es verdad que los flamingos son pink por los camarones "
                "que comen? Mi sobrino swears it's true."
            ),
            (
                "Every morning lo primero es mi cafecito. Cuban coffee, bien dulce, en la "
                "tacita chiquita. Sin eso no soy persona, la verdad."
            ),
            (
                "Tengo una perrita que se llama Chancleta, una chihuahua with a LOT of "
                "attitude. Le ladra a todo el mundo, hasta al cartero."
            ),
            (
                "Ay, y mi hermana Yadira tiene el baby shower next Saturday, recuérdame comprar "
                "el regalo porque si no, me mata."
            ),
            "Bueno, me voy. Bye!",
        ],
        [
            (
                "Buenos días! Aquí con un calor horrible y son las ocho de la mañana. Like, "
                "¿por qué?"
            ),
            (
                "Más cosas sobre mí: tengo 30 años. My birthday is November 14, y este año mi "
                "esposo me hizo una fiesta sorpresa y lloré como una niña."
            ),
            (
                "Obviamente I speak Spanish, it was my first language. En casa de mi mamá es "
                "puro español, pero at work es mitad y mitad, depends on the client."
            ),
            (
                "Y ojo: soy alérgica al mango. Yes, en Miami, I know. Se me hincha la boca y me "
                "salen ronchas, so nada de batido de mango para mí."
            ),
            (
                "Also estoy haciendo paleo desde el año pasado. Nada de arroz, nada de pan, ni "
                "frijoles. Para una cubana eso es casi un crimen, pero me siento súper bien."
            ),
            (
                "Pregunta: ¿hay más alligators o crocodiles en los Everglades? Mi esposo dice "
                "crocodiles y yo digo no way."
            ),
            (
                "Manejo un Nissan Altima del 2015, silver. El AC funciona cuando le da la gana, "
                "which in Miami is a real problem."
            ),
            (
                "Y toco las congas! Mi papá me enseñó chiquita, y los domingos toco con unos "
                "amigos en una descarga en la Calle Ocho."
            ),
            "Okay, ya me voy de verdad. Cuídate!",
        ],
        [
            "Hey, hey! Hoy es mi día off, so estoy aquí en el sofá sin hacer nada. Heaven.",
            (
                "Mi color favorito es el coral. Acabo de pintar el cuarto de coral y mi esposo "
                "Ariel dice que parece el interior de un salmón, pero bueno, it's my room too."
            ),
            (
                "Originally soy de Cienfuegos, en Cuba. Vinimos cuando yo tenía ocho años, pero "
                "I still remember el malecón y la brisa."
            ),
            (
                "Mi comida favorita? Ropa vieja, no contest. La de mi abuela, sin el arroz now "
                "because of paleo, pero con maduros. I could eat it every single day."
            ),
            (
                "Colecciono perfume bottles, las miniaturas. Tengo como ciento cincuenta en una "
                "vitrina en el cuarto, y Ariel no la puede ni tocar."
            ),
            (
                "And I'm learning Hebrew! La familia de Ariel es de Tel Aviv, y quiero hablar "
                "con su abuela sin que él tenga que traducir todo."
            ),
            (
                "¿En qué año fue Hurricane Andrew? Mi mamá dice 1992 pero mi tío dice 93 y "
                "están peleando en el chat de la familia."
            ),
            (
                "My favorite movie ever es Moonlight. Es de Miami, filmed in Liberty City, y "
                "cada vez que la veo lloro."
            ),
            (
                "Los Thursdays juego pickleball con las girls del salón, y cuando llego a la "
                "casa Malanga está esperándome en la ventana. Malanga es mi gata, gordita y "
                "malcriada."
            ),
        ],
        [
            "Kai! Hace tiempo, I know. Bueno, muchas cosas cambiaron, te cuento.",
            (
                "Nos mudamos a Orlando! Ariel consiguió trabajo allá y we packed everything, "
                "Chancleta, Malanga, todo. Es más tranquilo que Miami, pero I'm loving it."
            ),
            (
                "Y dejé las uñas. Hice el programa de ultrasound en Valencia College y ahora "
                "soy sonographer. Can you believe it? Yo, en scrubs."
            ),
            (
                "Trabajo en AdventHealth, el hospital grande de Orlando, en imaging. Los turnos "
                "son largos pero el equipo es buenísimo."
            ),
            (
                "Y se acabó el cafecito, me tenía con ansiedad en los turnos. Ahora por la "
                "mañana tomo golden milk, con cúrcuma y leche de coco. I know, I know, muy "
                "Instagram."
            ),
            (
                "El Altima finally se murió en la I-4, so lo vendimos for parts. Ahora manejo "
                "una Toyota RAV4 blanca, con AC que funciona. ¡Milagro!"
            ),
            (
                "Random question: ¿cuál es la montaña rusa más alta de Disney World? Mis "
                "sobrinos vienen a visitarnos and they want to know."
            ),
            (
                "Y la ropa vieja perdió el trono, sorry abuela. Hay un restaurante peruano "
                "cerca de la casa que hace un ceviche increíble, con leche de tigre y todo, "
                "and that's my favorite food now."
            ),
            "Bueno, eso es todo. Hablamos!",
        ],
        FIFTY_EIGHTH_QUESTIONS[:12],
        FIFTY_EIGHTH_QUESTIONS[12:],
    ],
    facts=_facts(FIFTY_EIGHTH_QUESTIONS, _FIFTY_EIGHTH_VALUES),
    trivia_markers=("flamingo", "everglades", "andrew", "disney"),
)

# Fifty-ninth: Saylor, Lubbock -> Austin. A Texan in her early twenties texting from her phone:
# all lowercase, emoji, "ngl", "lowkey", "fr", "no cap", "bestie", "it's giving", "slay", "rn",
# "bc", "idk"; thoughts spilling over into a second message, dramatic reactions, and most facts
# dropped in passing. Written without sight of the capture code, before any change its run
# could inform: kept to be run once untouched.
_FIFTY_NINTH_VALUES: list[tuple[str, str | None]] = [
    ("saylor", None),
    ("austin", "lubbock"),
    ("social media", "barista"),
    ("cactus moon", "dutch bros"),
    ("celsius", "matcha"),
    ("pretzel", None),
    ("kaylee", None),
    ("22", None),
    ("tagalog", None),
    ("strawberr", None),
    ("vegan", None),
    ("wrangler", "civic"),
    ("ukulele", None),
    ("april", None),
    ("lavender", None),
    ("muleshoe", None),
    ("falafel", "pad thai"),
    ("squishmallow", None),
    ("korean", None),
    ("jaxon", None),
    ("mamma mia", None),
    ("wednesday", None),
    ("goblin", None),
]
FIFTY_NINTH_QUESTIONS = [
    "ok pop quiz 😤 whats my name",
    "what city do i live in rn",
    "whats my job now",
    "and where do i work now??",
    "what do i drink every morning these days",
    "wait whats my dogs name again 😭",
    "whats my sisters name",
    "how old am i 💀",
    "what language do i speak besides english",
    "what am i allergic to again",
    "what kind of diet am i on",
    "what car do i drive now",
    "ok round 2 🙏 what instrument do i play",
    "what month is my bday",
    "whats my fav color",
    "where am i originally from",
    "whats my favorite food rn",
    "what do i collect",
    "what language am i learning",
    "whats my bf's name",
    "whats my comfort movie",
    "what day do i do pilates",
    "last one!! whats my cat's name 🐈‍⬛",
]
FIFTY_NINTH = Script(
    sessions=[
        [
            (
                "heyyy kai 👋 ok so my roommate said u can remember stuff for me which is "
                "lowkey perfect bc my brain is literally a colander 😭"
            ),
            "im saylor btw",
            "like sailor but w a y. my mom was going thru a phase 💀",
            (
                "i live in lubbock rn. its giving flat. its giving dust. but the tacos here "
                "slap so i cant even complain fr"
            ),
            "i'm a barista 🙏 always the opening shift so i'm up at 4:45 which is a war crime tbh",
            (
                "at dutch bros!! the one off 50th. the drive thru line at 7am is actually "
                "insane, ppl get feral before their first drink"
            ),
            (
                "random but how many moons does jupiter have?? me and my roommate were "
                "arguing about it at 2am and now it's personal"
            ),
            (
                "ngl the only thing keeping me alive at 4am is my iced matcha. oat milk, extra "
                "scoop, every single morning no cap ✨"
            ),
            (
                "also i have a dachshund named pretzel 🐶 he is shaped exactly like a hot dog "
                "and has zero braincells. bestie u would love him"
            ),
            (
                "my sister kaylee is coming over tonight for face masks and trash tv so i "
                "gotta go clean my disaster of a room"
            ),
            "ok byeee 🫶",
        ],
        [
            "gm kai ☀️ i slept like 3 hrs and i'm running purely on vibes rn",
            (
                "ok fun facts abt me: i'm 22, bday is april 9th. aries szn 🐏 which honestly "
                "explains a lot"
            ),
            (
                "my mom's filipina so i speak tagalog!! well. kitchen tagalog. enough to know "
                "when my titas are talking abt me at parties 💀"
            ),
            (
                "oh and i'm allergic to strawberries which is SO unfair bc every cute summer "
                "drink has them. my throat gets all itchy and weird 😭"
            ),
            "been vegan for two years now. it's easier than ppl think tbh",
            (
                "wait is it true an octopus has three hearts?? i saw it on tiktok and i "
                "cannot stop thinking abt it 🐙"
            ),
            (
                "i drive my dad's old honda civic from 2008. the ac barely works and there's a "
                "mystery rattle somewhere but she's my girl fr"
            ),
            (
                "also i play ukulele!! i have a lil account where i cover olivia rodrigo songs. "
                "like 300 followers but we're growing ✨"
            ),
            "ok gotta go, byeee",
        ],
        [
            "hiii kai 🫶 day off today so i'm rotting in bed and it's honestly a vibe",
            (
                "just did my nails lavender to match my whole room. lavender is literally my "
                "favorite color and i will not be taking criticism"
            ),
            (
                "i'm from muleshoe originally. u've never heard of it and that's valid, it's "
                "like 5000 ppl and a big mule statue 😭"
            ),
            (
                "fav food is pad thai, no contest. the tofu one from this tiny thai place by "
                "campus. i would commit crimes for it"
            ),
            (
                "i collect squishmallows 🧸 i have 47 and my bf says we need an intervention. "
                "he's not wrong but he's also not the boss of me"
            ),
            (
                "also i'm learning korean!! started bc of kdramas ngl but now i actually do my "
                "lessons every night. 62 day streak 🔥"
            ),
            (
                "my bf is jaxon btw. we've been together since junior year of high school "
                "which is like. forever in gen z years"
            ),
            (
                "random q how tall is the eiffel tower? we're saving up for paris and i wanna "
                "sound smart when we get there"
            ),
            (
                "my comfort movie is mamma mia. i've seen it probably 40 times and i know every "
                "line, don't test me 💃"
            ),
            (
                "every wednesday i do pilates at this studio by my apt and when i get home "
                "goblin is just sitting on the counter judging me. goblin is my cat btw. black "
                "cat, zero thoughts, pure chaos 🐈‍⬛"
            ),
        ],
        [
            "KAI. it's been forever. so much has happened omg 😭",
            (
                "ok so update: i moved to austin!! packed pretzel and goblin into the car and "
                "just drove. lubbock who?? ✨"
            ),
            (
                "quit dutch bros too 🙏 i'm a social media manager now. like i literally get "
                "paid to make tiktoks. slay"
            ),
            (
                "it's for this vintage store called cactus moon on south congress. the owner is "
                "like 60 and the coolest person i've ever met"
            ),
            (
                "also matcha and i broke up 💔 now i crack open a celsius every morning, the "
                "peach one. it's giving productivity"
            ),
            (
                "and the civic finally died on i-35 lmaooo rip. i drive a jeep wrangler now!! "
                "used, white, the doors come off. i feel like a different person"
            ),
            (
                "wait what's the biggest volcano in the world? i'm watching a documentary and "
                "i'm lowkey way too invested"
            ),
            (
                "ALSO my fav food is falafel now. there's a food truck on east 6th and the "
                "falafel wrap is life changing. pad thai who?? idk her 😭"
            ),
            "ok that's all my news, byeee 🫶",
        ],
        FIFTY_NINTH_QUESTIONS[:12],
        FIFTY_NINTH_QUESTIONS[12:],
    ],
    facts=_facts(FIFTY_NINTH_QUESTIONS, _FIFTY_NINTH_VALUES),
    trivia_markers=("jupiter", "octopus", "eiffel", "volcano"),
)

# Sixtieth: Tanvi, Mumbai -> Hyderabad. A young chartered accountant from Mumbai writing
# Hinglish, Hindi in Roman script mixed with English mid-sentence: "mera naam ... hai", "main
# ... mein rehti hoon", "yaar", "matlab", "achha", "bas", "na", "hai na", "mujhe ... se allergy
# hai", "meri behen"; some facts said wholly in Hinglish, some half in English. Written without
# sight of the capture code, before any change its run could inform: kept to be run once
# untouched.
_SIXTIETH_VALUES: list[tuple[str, str | None]] = [
    ("tanvi", None),
    ("hyderabad", "mumbai"),
    ("product manager", "accountant"),
    ("darwinbox", "deloitte"),
    ("filter coffee", "masala chai"),
    ("bruno", None),
    ("ishita", None),
    ("28", None),
    ("marathi", None),
    ("cashew", None),
    ("eggetarian", None),
    ("creta", "swift"),
    ("tabla", None),
    ("september", None),
    ("maroon", None),
    ("satara", None),
    ("biryani", "vada pav"),
    ("magnet", None),
    ("french", None),
    ("kabir", None),
    ("dil chahta", None),
    ("saturday", None),
    ("mishti", None),
]
SIXTIETH_QUESTIONS = [
    "Chalo, quiz time. Mera naam kya hai?",
    "Main kahan rehti hoon ab?",
    "Ab main kya kaam karti hoon?",
    "Main kis company mein kaam karti hoon ab?",
    "Aajkal subah main kya peeti hoon?",
    "Mere dog ka naam kya hai?",
    "Meri behen ka naam kya hai?",
    "Meri age kya hai?",
    "English aur Hindi ke alawa main kaunsi language bolti hoon?",
    "Mujhe kis cheez se allergy hai?",
    "Mera diet kya hai, main kya khaati hoon?",
    "Main ab kaunsi car chalati hoon?",
    "Achha, part two. Main kaunsa instrument bajaati hoon?",
    "Mera birthday kis mahine mein hai?",
    "Mera favourite colour kya hai?",
    "Main originally kahan se hoon?",
    "Ab meri favourite food kya hai?",
    "Main kya collect karti hoon?",
    "Main kaunsi language seekh rahi hoon?",
    "Mere husband ka naam kya hai?",
    "Meri favourite film kaunsi hai?",
    "Main kis din badminton khelti hoon?",
    "Last question: meri billi ka naam kya hai?",
]
SIXTIETH = Script(
    sessions=[
        [
            (
                "Hi Kai! Meri friend ne bola ki tum cheezein yaad rakh sakte ho, toh socha try "
                "karti hoon. Meri memory ekdum kharab hai yaar."
            ),
            (
                "Mera naam Tanvi hai, Tanvi Deshpande. Ghar pe sab Tanu bulate hain, but tum "
                "Tanvi hi bolna."
            ),
            (
                "Main Mumbai mein rehti hoon, Andheri West mein. Local train ka rush dekh ke "
                "roz sochti hoon ki yeh life kyun choose ki, but phir bhi, Mumbai is Mumbai na."
            ),
            (
                "Main chartered accountant hoon. Matlab audit season mein meri life khatam, "
                "baaki time thoda theek hai."
            ),
            (
                "Deloitte mein kaam karti hoon, BKC wale office mein. Team achhi hai, bas "
                "deadlines ka koi bharosa nahi."
            ),
            (
                "Achha ek random sawaal: Mount Everest actually kitna uncha hai? Office mein "
                "bet lagi hai aur main haarna nahi chahti."
            ),
            (
                "Subah ki shuruaat bina masala chai ke ho hi nahi sakti. Adrak, elaichi, sab "
                "daal ke, ekdum kadak. Uske pehle main kisi se baat nahi karti."
            ),
            (
                "Mera ek dog hai, Bruno. Golden retriever hai, bahut pyaara, bas har aane wale "
                "ko apna best friend samajh leta hai."
            ),
            (
                "Aur haan, meri behen ka naam Ishita hai. Woh Pune mein padh rahi hai, weekend "
                "pe aayegi toh ghar mein full chaos hoga."
            ),
            "Chalo, bye! Baad mein baat karte hain.",
        ],
        [
            (
                "Good morning Kai! Aaj itni baarish ho rahi hai ki Andheri subway phir se band "
                "hai. Classic monsoon, hai na."
            ),
            (
                "Kuch aur baatein mere baare mein. Main 28 saal ki hoon, aur mera birthday "
                "September mein hai, 17 tareekh ko. Har saal office wale cake laake surprise "
                "karte hain, jo bilkul surprise nahi hota."
            ),
            (
                "Hindi aur English toh chalti hi hai, but ghar pe hum Marathi bolte hain. Aai ke "
                "saath phone pe sirf Marathi, warna daant padti hai."
            ),
            (
                "Mujhe cashew se allergy hai, kaju bilkul nahi. Aur yaar, har mithai mein kaju "
                "hota hai, Diwali pe bohot struggle hai."
            ),
            (
                "Main eggetarian hoon, matlab veg plus anda. Chicken mutton nahi khaati, but "
                "omelette ke bina Sunday adhoora hai."
            ),
            (
                "Ek sawaal: Taj Mahal banane mein kitne saal lage the? Mera cousin bol raha hai "
                "bees saal se zyada, mujhe doubt hai."
            ),
            (
                "Main ek purani Maruti Swift chalati hoon, 2014 wali, red. AC thoda nakhre "
                "karta hai but gaadi solid hai."
            ),
            (
                "Aur main tabla bajaati hoon! Bachpan se seekha hai, ab bhi raat ko thoda "
                "riyaaz kar leti hoon, padosi complain nahi karte toh theek hai."
            ),
            "Okay, bye bye!",
        ],
        [
            "Hiii Kai! Aaj work from home hai, toh pyjamas mein laptop khol ke baithi hoon.",
            (
                "Mere husband ka naam Kabir hai. Shaadi ko do saal hue, aur abhi bhi hum AC ke "
                "remote ke liye ladte hain."
            ),
            (
                "Mera favourite colour maroon hai. Aadhi almirah maroon kurtas se bhari hai, "
                "Kabir kehta hai lagta hai main roz ek hi kapda pehenti hoon."
            ),
            (
                "Originally main Satara se hoon, Maharashtra mein ek chhota sa town hai, "
                "pahadon ke beech. Aai-baba abhi bhi wahin rehte hain."
            ),
            (
                "Favourite food? Vada pav, koi competition hi nahi. Station ke bahar wala, hari "
                "chutney aur tali hui mirchi ke saath. Yaar, heaven."
            ),
            (
                "Main fridge magnets collect karti hoon. Jahan bhi jaati hoon wahan se ek "
                "magnet, ab fridge pe jagah hi nahi bachi."
            ),
            (
                "Aur aajkal French seekh rahi hoon, Alliance Française mein evening class. Je "
                "suis Tanvi, bas itna hi aata hai abhi."
            ),
            (
                "Achha, Saturn ke kitne moons hain? Kal raat terrace pe telescope se dekha aur "
                "ab curiosity ho rahi hai."
            ),
            (
                "Meri all-time favourite film Dil Chahta Hai hai. Goa trip wala scene dekh ke "
                "har baar college ke friends ko call kar leti hoon."
            ),
            (
                "Har Saturday subah main society ke court pe badminton khelti hoon, aur wapas "
                "aati hoon toh Mishti darwaze pe baithi milti hai. Mishti meri billi hai, white "
                "aur ginger, full attitude wali."
            ),
        ],
        [
            "Kai! Kitne time baad. Bahut kuch badal gaya hai, suno.",
            (
                "Toh update yeh hai ki hum Hyderabad shift ho gaye! Mumbai chhodna mushkil tha, "
                "but yahan ghar bada hai aur Bruno ko garden mil gaya."
            ),
            (
                "Aur maine CA wala kaam chhod diya. Ab main product manager hoon. Excel se Jira "
                "tak ka safar, haha."
            ),
            (
                "Ab main Darwinbox mein kaam karti hoon, HR tech startup hai, office Hitech City "
                "mein hai."
            ),
            (
                "Masala chai bhi chhoot gayi yaar. Yahan ke colleagues ne filter coffee ki aadat "
                "laga di, ab subah steel tumbler mein filter coffee ke bina din shuru nahi hota."
            ),
            (
                "Swift Mumbai mein hi bech di. Yahan aake Hyundai Creta le li, white wali. "
                "Highway pe chalane ka maza hi alag hai."
            ),
            (
                "Ek sawaal: Charminar kab bana tha? Weekend pe dekhne ja rahe hain, thoda gyaan "
                "le ke jaana hai."
            ),
            (
                "Aur sach bolun toh vada pav ab number one nahi raha. Hyderabadi egg biryani ne "
                "dil jeet liya, ab wohi meri favourite food hai. Sorry Mumbai!"
            ),
            "Bas itna hi. Chalo, bye!",
        ],
        SIXTIETH_QUESTIONS[:12],
        SIXTIETH_QUESTIONS[12:],
    ],
    facts=_facts(SIXTIETH_QUESTIONS, _SIXTIETH_VALUES),
    trivia_markers=("everest", "mahal", "saturn", "charminar"),
)

# Sixty-first: Philippa, Hamilton -> Dunedin. A busy New Zealand mum of two typing on a laptop
# between school runs: warm, a bit scattered, mostly "we" and "our" about the household, with her
# husband's and the kids' jobs, allergies, cars, tastes and days mentioned right beside her own.
# Written without sight of the capture code, before any change its run could inform: kept to be
# run once untouched.
_SIXTY_FIRST_VALUES: list[tuple[str, str | None]] = [
    ("philippa", None),
    ("dunedin", "hamilton"),
    ("beekeep", "optometrist"),
    ("kowhai", "specsavers"),
    ("piccolo", "mocha"),
    ("kumara", None),
    ("bronwyn", None),
    ("48", None),
    ("samoan", None),
    ("avocado", None),
    ("flexitarian", None),
    ("sportage", "outlander"),
    ("flute", None),
    ("november", None),
    ("emerald", None),
    ("invercargill", None),
    ("mussel", "whitebait"),
    ("teapot", None),
    ("te reo", None),
    ("rawiri", None),
    ("whale rider", None),
    ("tuesday", None),
    ("jandal", None),
]
SIXTY_FIRST_QUESTIONS = [
    "Okay, test time! What's my name?",
    "Which city do we live in now?",
    "What do I do for work these days?",
    "And who do I work for now?",
    "What's my morning drink these days?",
    "What's our dog called?",
    "What's my sister's name?",
    "How old am I?",
    "Which language do I speak besides English?",
    "What am I allergic to?",
    "What kind of diet do I follow?",
    "What car am I driving now?",
    "Part two! Which instrument do I play?",
    "Which month is my birthday in?",
    "What's my favourite colour?",
    "Where am I originally from?",
    "What's my favourite food now?",
    "What do I collect?",
    "Which language am I learning?",
    "What's my husband's name?",
    "What's my favourite film?",
    "Which night do I play netball?",
    "Last one: what's our cat called?",
]
SIXTY_FIRST = Script(
    sessions=[
        [
            (
                "Hi Kai! My friend Jo said you're good at keeping track of things, and honestly "
                "our household needs all the help it can get."
            ),
            "I'm Philippa, by the way. Mum of two, wife of one, owner of far too many animals.",
            (
                "We live in Hamilton, just off the river, in a house that's permanently covered "
                "in Lego and dog hair."
            ),
            (
                "I'm an optometrist, so I spend my days asking people 'one or two?'. My husband "
                "Rawiri is a builder, so between us we've got eyes and walls covered."
            ),
            (
                "I work at Specsavers in the mall, four days a week. Rawiri's with a little "
                "building firm out in Cambridge."
            ),
            (
                "Random one, the kids asked at dinner and I had no idea: how do glowworms "
                "actually glow? We're doing the Waitomo caves in the holidays."
            ),
            (
                "First thing in the morning I need a mocha, the sweeter the better. Rawiri just "
                "has a plain black tea and thinks my mocha habit is very funny."
            ),
            (
                "Our dog is Kumara, a very orange, very greedy lab cross. Finn named him when he "
                "was four, hence the vegetable."
            ),
            (
                "My sister Bronwyn is coming up from Wellington this weekend, and Rawiri's sister "
                "Huia might come too, so it'll be a full house."
            ),
            "Anyway, school pickup calls. Bye for now!",
        ],
        [
            (
                "Morning! Survived the weekend. The kids built a fort in the lounge and it's "
                "still there."
            ),
            (
                "I'm 48, Rawiri's 51, and somehow Ava is already 12 and Finn is 9. Where does the "
                "time go?"
            ),
            (
                "My mum's Samoan, so I grew up speaking Samoan with her and my nana. Rawiri's "
                "fluent in te reo, so the kids get a bit of everything at home."
            ),
            (
                "I'm allergic to avocado, which in this country feels like a crime. Finn's the "
                "one with the egg allergy, so our fridge is a bit of a minefield."
            ),
            (
                "Food-wise I'm flexitarian, mostly veggies with meat a couple of times a week. "
                "Rawiri does keto on and off, and the kids eat whatever isn't green."
            ),
            (
                "Settle an argument for us: is pavlova a Kiwi invention or an Aussie one? My "
                "brother-in-law swears it came from across the ditch."
            ),
            (
                "I drive our Outlander, a grey seven-seater full of sports bags and crumbs. "
                "Rawiri's got his work ute, a Navara, which the kids aren't allowed to eat in."
            ),
            (
                "I play the flute in a community wind band, on the odd evening I'm free. Ava's "
                "started piano, so the house is never quiet."
            ),
            (
                "Oh, and my birthday's in November, the 22nd. Finn's is in June and he's already "
                "planning his party."
            ),
            "Right, lunches to make. Talk soon!",
        ],
        [
            (
                "Hi again Kai. It's raining sideways and everyone's home sick, so I'm hiding with "
                "the laptop."
            ),
            (
                "My favourite colour is emerald green. Ava's is purple, and Finn's changes daily, "
                "currently 'camo'."
            ),
            (
                "I'm originally from Invercargill, way down south. Rawiri's from Gisborne, so we "
                "met roughly in the middle, in Wellington."
            ),
            (
                "My favourite food is whitebait fritters on white bread with lemon, proper West "
                "Coast style. Rawiri would pick a boil-up every time."
            ),
            (
                "I collect teapots, mostly op-shop finds. There are 31 on the dresser and Rawiri "
                "says one more and he's moving out."
            ),
            (
                "I'm learning te reo at night classes as well. Rawiri helps, though he corrects "
                "my vowels more than I'd like."
            ),
            (
                "Finn wants to know which dinosaur was the biggest ever. He won't go to sleep "
                "until he has an answer."
            ),
            (
                "My favourite film is Whale Rider, I cry every single time. The kids are stuck "
                "on Moana and Rawiri quotes Hunt for the Wilderpeople at every opportunity."
            ),
            (
                "Tuesday nights I play netball, it's my one night off. Rawiri has touch rugby on "
                "Wednesdays, so we tag-team the kids."
            ),
            (
                "And I can't forget the cat: Jandal, a skinny black-and-white thing who sleeps "
                "in the washing basket. Ava named her."
            ),
        ],
        [
            "Kai! It's been a while, sorry. Things have been absolutely mad here.",
            (
                "We finally moved to Dunedin! Rawiri got a big job on the hospital build down "
                "here and we just went for it. Closer to my family in Invercargill, too."
            ),
            (
                "And the big one: I've left optometry. I'm a beekeeper now, honestly. It started "
                "as a hobby and got a bit out of hand."
            ),
            (
                "I work for Kowhai Honey, a small family outfit out on the peninsula. Forty "
                "hives and counting."
            ),
            (
                "I've given up the mocha too, far too much sugar. These days my morning drink is "
                "a piccolo, just a tiny hit and I'm away."
            ),
            (
                "The Outlander didn't cope with the hills, so we sold it and I'm in a Kia "
                "Sportage now. Rawiri kept the Navara, of course."
            ),
            (
                "Quick one: how wide is a royal albatross's wingspan? The colony's just down the "
                "road and Finn is obsessed."
            ),
            (
                "Also, whitebait fritters have been knocked off the top spot. Fresh mussels are "
                "my favourite food now, steamed with garlic and white wine. Cheap as chips here."
            ),
            "Right, the kids are fighting over the good bedroom again. Catch you later!",
        ],
        SIXTY_FIRST_QUESTIONS[:12],
        SIXTY_FIRST_QUESTIONS[12:],
    ],
    facts=_facts(SIXTY_FIRST_QUESTIONS, _SIXTY_FIRST_VALUES),
    trivia_markers=("glowworm", "pavlova", "dinosaur", "albatross"),
)

# Sixty-second: Xiaoyu, Calgary -> Ottawa. A young woman from Harbin whose first language is
# Mandarin, writing real learner English: dropped articles and plurals, "I am work as", "I very
# like", "my dog call ...", tense slips, mixing up "he" and "she", "how to say", and a few pinyin
# words for food and drink. Written without sight of the capture code, before any change its run
# could inform: kept to be run once untouched.
_SIXTY_SECOND_VALUES: list[tuple[str, str | None]] = [
    ("xiaoyu", None),
    ("ottawa", "calgary"),
    ("teller", "waitress"),
    ("scotiabank", "dragon pearl"),
    ("americano", "goji"),
    ("doudou", None),
    ("lingling", None),
    ("25", None),
    ("russian", None),
    ("seafood", None),
    ("calorie", None),
    ("forester", "camry"),
    ("erhu", None),
    ("october", None),
    ("pink", None),
    ("harbin", None),
    ("poutine", "mapo"),
    ("blind box", None),
    ("cantonese", None),
    ("haoran", None),
    ("titanic", None),
    ("thursday", None),
    ("mantou", None),
]
SIXTY_SECOND_QUESTIONS = [
    "OK, now you test me. What is my name?",
    "Which city I live now?",
    "What is my job now?",
    "Where I am working now?",
    "What I drink every morning now?",
    "What is my dog name?",
    "What is my sister name?",
    "How old I am?",
    "Except Chinese and English, what language I can speak?",
    "What I am allergic?",
    "What diet I am doing?",
    "What car I drive now?",
    "Second part. What instrument I play?",
    "My birthday is in which month?",
    "What is my favourite colour?",
    "Where I am come from originally?",
    "What is my favourite food now?",
    "What I collect?",
    "Which language I am learning?",
    "What is my boyfriend name?",
    "What is my favourite movie?",
    "Which day I play ping pong?",
    "Last question: my cat name is what?",
]
SIXTY_SECOND = Script(
    sessions=[
        [
            (
                "Hello Kai. My English is not very good, sorry. My teacher say talk with you can "
                "practise English, and also you can remember things for me."
            ),
            (
                "My name is Chen Xiaoyu. Chen is family name, Xiaoyu is my name, in English is "
                "first name? You can call me Xiaoyu."
            ),
            (
                "I am living in Calgary now, already three years. Winter here is too cold, but "
                "sky is always very blue, I like."
            ),
            (
                "I am work as waitress in Chinese restaurant. Is not my dream job but my boss is "
                "nice person."
            ),
            (
                "The restaurant name is Dragon Pearl, in Chinatown. We have very good dim sum, "
                "if you come I give you discount haha."
            ),
            (
                "Can I ask, how high is Niagara Falls? Next month my friend and me want to go "
                "there for travel."
            ),
            (
                "Every morning I drink goji tea, in Chinese we call gouqi cha. My mother always "
                "say is good for eyes, so I drink since I was child."
            ),
            (
                "I have one dog, she call Doudou. Doudou mean little bean. She is shiba inu, "
                "very stubborn, never listen me."
            ),
            (
                "My sister name is Lingling. He is still in China, study in university. Oh "
                "sorry, she. I always mix he and she, in Chinese is same sound."
            ),
            "OK I need go to work now. Bye bye!",
        ],
        [
            "Good morning Kai! Today snow again, my bus is late 40 minutes. I am so tired.",
            (
                "I forget tell you, I am 25 years old. My parents always ask when I will get "
                "married, very headache."
            ),
            (
                "Except Chinese and English, I can speak Russian. My major in university was "
                "Russian, because my hometown is very close to Russia."
            ),
            (
                "I am allergic to seafood. Shrimp, crab, all this things. When I eat, my face "
                "become red and itchy. So sad because seafood is very delicious."
            ),
            (
                "Now I am on diet, I count calorie every day, not more than 1500. But in "
                "restaurant is very hard, always smell so good."
            ),
            (
                "Is it true moose can run faster than people? My coworker tell me, I don't "
                "believe him."
            ),
            (
                "I have a car, old Toyota Camry, silver color. I buy it second hand from one "
                "student when he go back to China. The heater is not so good."
            ),
            (
                "When I was small my father make me learn erhu, it is Chinese instrument with "
                "two string. Now sometimes I still play erhu at home, my neighbour maybe not so "
                "happy haha."
            ),
            (
                "My birthday is in October, 18th. Same day with my boyfriend mother, so every "
                "year we have two cake."
            ),
            "Bye Kai, see you!",
        ],
        [
            "Hi Kai! Today I am not work, so I have time to practise English with you.",
            (
                "My favourite colour is pink. My boyfriend say I am adult, why everything is "
                "pink, phone case, bag, even my cup."
            ),
            (
                "I am come from Harbin, in north-east of China. Very famous for ice festival. So "
                "I think Calgary winter is OK, Harbin is more cold!"
            ),
            (
                "My favourite food is mapo tofu. Very spicy and very 'ma', how to say, numb? "
                "When I miss home I cook mapo tofu by myself."
            ),
            (
                "I collect blind box. You buy small box, you don't know which figure is inside, "
                "is like surprise. I have maybe 60 now, my boyfriend say is waste money."
            ),
            (
                "I also learn Cantonese, because my boyfriend family is from Guangzhou. When "
                "they speak Cantonese I totally cannot understand, so I want learn."
            ),
            (
                "My boyfriend name is Haoran. We meet in Calgary two years ago, in Chinese New "
                "Year party."
            ),
            (
                "Why Canada flag have maple leaf on it? My friend in China ask me and I cannot "
                "answer, so embarrassing."
            ),
            (
                "My favourite movie is Titanic. I watch it maybe ten times, every time I cry when "
                "Jack is in the water."
            ),
            (
                "Every Thursday night I play ping pong in community centre. In China everybody "
                "play, here not so many people, so I always win haha."
            ),
            (
                "Also I have a cat, his name is Mantou, it is like Chinese steamed bun, because "
                "he is white and round. Doudou and Mantou are good friends."
            ),
        ],
        [
            "Kai, long time no see! Many things change, I tell you.",
            (
                "I move to Ottawa last month! Haoran find new job here, so we move together. "
                "Ottawa is more small than Calgary but very beautiful."
            ),
            (
                "Also I change my job. Now I am bank teller, not waitress anymore. My English "
                "must be better because I talk with customer all day."
            ),
            (
                "I am work at Scotiabank, the branch on Bank Street. Is funny, bank on Bank "
                "Street haha."
            ),
            (
                "No more goji tea. Now every morning I drink americano, because I start work very "
                "early and need coffee. My mother will be angry if she know."
            ),
            (
                "The Camry is too old, we sell it before we move. Now I drive Subaru Forester, "
                "Haoran say is better for snow."
            ),
            (
                "Why this city have so many tulip? Everywhere I see tulips, my colleague say is "
                "gift from Netherlands?"
            ),
            (
                "And my favourite food change too! Now is poutine. Fries with cheese curd and "
                "gravy, I very like. Too many calorie I know. Sorry mapo tofu haha."
            ),
            "OK, Haoran call me for dinner. Bye bye Kai!",
        ],
        SIXTY_SECOND_QUESTIONS[:12],
        SIXTY_SECOND_QUESTIONS[12:],
    ],
    facts=_facts(SIXTY_SECOND_QUESTIONS, _SIXTY_SECOND_VALUES),
    trivia_markers=("niagara", "moose", "maple", "tulip"),
)

# Sixty-third: Yuliana, Denver -> Montreal. A Colombian accountant from Pereira writing real
# learner English with the transfer errors of a Spanish speaker: "I have 37 years", "I am
# agree", "actually" for "now", "the car of my husband", the present with "since", dropped
# subjects ("Is very cold"), false friends, "jaja", and Spanish words for food, drink and
# family. Written without sight of the capture code, before any change its run could inform:
# kept to be run once untouched.
_SIXTY_THIRD_VALUES: list[tuple[str, str | None]] = [
    ("yuliana", None),
    ("montreal", "denver"),
    ("interpreter", "accountant"),
    ("jewish general", "wells fargo"),
    ("matcha", "tinto"),
    ("canela", None),
    ("luz marina", None),
    ("37", None),
    ("portuguese", None),
    ("penicillin", None),
    ("vegetarian", None),
    ("corolla", "mazda"),
    ("accordion", None),
    ("august", None),
    ("yellow", None),
    ("pereira", None),
    ("bagel", "arepa"),
    ("magnet", None),
    ("french", None),
    ("mauricio", None),
    ("amores perros", None),
    ("saturday", None),
    ("pelusa", None),
]
SIXTY_THIRD_QUESTIONS = [
    "Ok Kai, now is the exam jaja. What is my name?",
    "In which city I am living actually?",
    "What is my work now?",
    "Where I am working now?",
    "What I drink in the mornings now?",
    "How is called my dog?",
    "How is called my sister?",
    "How many years I have?",
    "Besides Spanish and English, which other language I speak?",
    "To what I am allergic?",
    "What diet I follow?",
    "What car I have now?",
    "Second part! What instrument I play?",
    "In which month is my birthday?",
    "What is my favourite colour?",
    "From where I am originally?",
    "What is my favourite food actually?",
    "What thing I collect?",
    "What language I am studying?",
    "How is called my husband?",
    "What is my favourite movie?",
    "Which day I play microfútbol?",
    "And the last one: how is called my cat?",
]
SIXTY_THIRD = Script(
    sessions=[
        [
            (
                "Hola Kai! A friend of my English class tell me about you. She say you can "
                "remember things for me, is very useful because I am very forgetful jaja."
            ),
            "My name is Yuliana Restrepo, but everybody call me Yuli. Is a pleasure.",
            (
                "Actually I live in Denver, Colorado. We arrived four years ago. In winter is very "
                "cold but always have sun, so I like it."
            ),
            (
                "I am accountant. In Colombia I studied my career of public accounting in the "
                "university, and here I had to validate all the papers again, was a nightmare."
            ),
            (
                "I am working in Wells Fargo since 2021, in the office of downtown. My husband is "
                "mechanic, he works in a workshop of cars near to our house."
            ),
            (
                "A question: how deep is the Grand Canyon? My mother-in-law comes to visit in "
                "December and she want to know it. I have no idea jaja."
            ),
            (
                "Every morning the first thing I do is make a tinto. Tinto is black coffee, small, "
                "like we drink in Colombia. Without my tinto I am not a person jaja."
            ),
            (
                "We have a dog, is called Canela because she is the colour of the cinnamon. She is "
                "a mix, very sweet, we adopted her here from a refuge."
            ),
            (
                "My sister is called Luz Marina, like my mother. In my family all the women have "
                "two names jaja. She lives in Medellín with her husband and my two nephews."
            ),
            "Bueno, I have to go, my break is finished. Chao!",
        ],
        [
            (
                "Good morning Kai! Today I am very constipated, the nose is full and the head "
                "hurts. Is this weather, one day hot and the next day snow."
            ),
            (
                "Yesterday a woman in the work asked my age and I said I have 37 years, and she "
                "laughed. In Spanish we say it like that. So I am 37, not I have jaja."
            ),
            (
                "Besides Spanish and English I speak Portuguese, because I lived two years in São "
                "Paulo when I was younger. Mauricio says my Portuguese is better than my English, "
                "and I am agree jaja."
            ),
            (
                "I am allergic to the penicillin, I discovered when I was a girl and my face was "
                "like a balloon. My niece is allergic to the peanut, so in the family reunions we "
                "are very careful."
            ),
            (
                "I am vegetarian since 2015. Is difficult with my family because in Colombia "
                "everything have meat, my abuela always ask me: but a little bit of chicken, no?"
            ),
            (
                "Is true that the bison is the animal of the national parks here? I saw one in a "
                "park of Wyoming and was enormous, more big than a truck."
            ),
            (
                "I drive a Mazda 3 grey, is small but perfect for the parkings of downtown. The "
                "car of my husband is a big Chevrolet pickup, always full of tools."
            ),
            (
                "In the weekends I play the accordion. My papá taught me when I was ten, he loves "
                "the vallenato. The neighbours are not so happy jaja."
            ),
            (
                "My birthday is the 3 of August. This year I want to make a party with empanadas "
                "and aguardiente, you are invited jaja."
            ),
            "Ok Kai, see you later, I go to make the dinner.",
        ],
        [
            "Hola again! Today is Sunday and I have all the day free, finally.",
            (
                "My favourite colour is yellow, like the first colour of the flag of Colombia. "
                "Half of my clothes are yellow, Mauricio says I look like a banana jaja."
            ),
            (
                "I am from Pereira originally, is in the Coffee Region, very green, with many "
                "mountains. Mauricio is from Cali, we met in Bogotá in the university."
            ),
            (
                "My favourite food is the arepa, especially arepa de choclo with quesito. Here is "
                "impossible to find a good one, so I make them in home."
            ),
            (
                "I collect magnets for the fridge, one of every place I visit. I have more than "
                "200, the door of my fridge is completely covered."
            ),
            (
                "Also I am studying French in the nights, with an app and a class on Tuesdays. Is "
                "very difficult, the pronunciation is horrible for me."
            ),
            (
                "My husband is called Mauricio, we are married since 2014. He is the most patient "
                "man of the world, because I talk a lot jaja."
            ),
            (
                "A curious question: why the aurora borealis is green? I saw photos of Alaska and "
                "one day I want to go and see it."
            ),
            (
                "My favourite movie is Amores Perros, is Mexican, very intense. My husband prefers "
                "the movies of action, he don't understand it."
            ),
            (
                "Every Saturday I play microfútbol with some girls of the work, is like football "
                "but in a small court. Mauricio plays tejo on Fridays with his friends, is a "
                "Colombian game with gunpowder jaja."
            ),
            (
                "And I have a cat too, she is called Pelusa, all white and with a lot of hair, "
                "like a cloud. Canela and Pelusa fight every day."
            ),
        ],
        [
            "Kai!! Long time without talking. Many many things changed, I tell you everything.",
            (
                "We moved to Montreal! Mauricio received an offer of a big garage here and we said "
                "why not. Is VERY cold, much more than Denver, I cannot believe."
            ),
            (
                "And I am not accountant anymore. Now I work as interpreter, Spanish and English, "
                "for the patients who don't speak the languages. I love it, finally I use my "
                "languages."
            ),
            (
                "I work in the Jewish General Hospital, is a very big hospital. The first week I "
                "was lost all the time jaja."
            ),
            (
                "Also I changed my tinto for matcha. My coworkers drink it all the time, I tried "
                "it and I love it. My mamá says I am not Colombian anymore jaja."
            ),
            (
                "We sold the Mazda before the move, and now I have a Toyota Corolla, white. "
                "Mauricio says I need winter tires, he knows of cars so I am agree with him."
            ),
            (
                "Is true that the beaver is the national animal of Canada? In the coin of five "
                "cents there is one, my neighbour showed me."
            ),
            (
                "And my favourite food now is the bagels of here, small and sweet and made in a "
                "wood oven. I eat one bagel every Sunday, sorry arepa jaja."
            ),
            "Bueno Kai, I have to go, my French class starts in ten minutes. Chao, un abrazo!",
        ],
        SIXTY_THIRD_QUESTIONS[:12],
        SIXTY_THIRD_QUESTIONS[12:],
    ],
    facts=_facts(SIXTY_THIRD_QUESTIONS, _SIXTY_THIRD_VALUES),
    trivia_markers=("canyon", "bison", "aurora", "beaver"),
)

# Sixty-fourth: Loretta, Dayton -> Asheville. A 63-year-old school librarian from Ohio who
# tells stories: her facts come buried in anecdotes, in the past tense, in subordinate
# clauses or at the tail of a long tale, beside her husband's, sister's, daughter's and
# friends' facts, and her changes are told as stories too. Written without sight of the
# capture code, before any change its run could inform: kept to be run once untouched.
_SIXTY_FOURTH_VALUES: list[tuple[str, str | None]] = [
    ("loretta", None),
    ("asheville", "dayton"),
    ("tour guide", "librarian"),
    ("biltmore", "fairview"),
    ("chicory", "sanka"),
    ("duchess", None),
    ("geraldine", None),
    ("63", None),
    ("norwegian", None),
    ("bee sting", None),
    ("sodium", None),
    ("prius", "buick"),
    ("banjo", None),
    ("october", None),
    ("periwinkle", None),
    ("duluth", None),
    ("grits", "pot roast"),
    ("snow globe", None),
    ("italian", None),
    ("harold", None),
    ("wonderful life", None),
    ("wednesday", None),
    ("tater", None),
]
SIXTY_FOURTH_QUESTIONS = [
    "All right, let's see how good that memory of yours is. What's my name?",
    "Where do I live these days?",
    "What do I do for work now?",
    "And where is it I work now?",
    "What do I drink first thing in the morning these days?",
    "What's the name of our dog?",
    "What's my sister's name?",
    "How old am I?",
    "Besides English, what language can I speak?",
    "What am I allergic to?",
    "What kind of diet am I on?",
    "What am I driving now?",
    "Okay, halfway there. What instrument do I play?",
    "What month is my birthday?",
    "What's my favorite color?",
    "Where did I grow up?",
    "What's my favorite food these days?",
    "What is it I collect?",
    "Which language am I learning?",
    "What's my husband's name?",
    "What's my favorite movie?",
    "What day of the week do I play pickleball?",
    "Last one, and don't you dare forget him: what's our cat called?",
]
SIXTY_FOURTH = Script(
    sessions=[
        [
            (
                "Well, hello there, Kai. My grandson set you up on this computer for me over "
                "Thanksgiving and told me to just talk to you like a person, so I suppose that's "
                "what I'll do."
            ),
            (
                "I ought to introduce myself properly. My mother named me Loretta, after Loretta "
                "Young the movie star, and I spent all of third grade correcting teachers who "
                "wanted to call me Lorraine."
            ),
            (
                "Harold and I have been in Dayton going on thirty-one years now. We came for his "
                "job at the Air Force base, back when gas was a dollar a gallon, and somehow we "
                "just never left."
            ),
            (
                "Twenty-two years I've been the librarian at Fairview Elementary, and let me tell "
                "you, I have heard every overdue excuse a second grader can dream up. A boy once "
                "swore his goat ate Charlotte's Web, and I half believed him."
            ),
            (
                "My friend Bev, who taught fourth grade down the hall from me for years, just "
                "retired and took up pottery. She's been a nurse's aide, a crossing guard and a "
                "Mary Kay lady in her time, so pottery is practically tame for her."
            ),
            (
                "Now here's something I've wondered about all week, watching the feeder out my "
                "kitchen window: how on earth does a hummingbird fly backwards? My neighbor says "
                "they can, and I have my doubts."
            ),
            (
                "My mother drank Sanka every morning of her life, and I swore up and down I never "
                "would. Well, wouldn't you know it, the doctor told me to cut the caffeine back in "
                "'09, and I've been spooning Sanka into my mug first thing every morning since."
            ),
            (
                "Our dog is snoring at my feet as I type. We brought her home from the county "
                "shelter the spring after our old beagle passed, a big soft collie mix the "
                "volunteers had named Duchess, and she has lived up to every bit of it."
            ),
            (
                "My baby sister Geraldine called this morning, which is why I'm behind on "
                "everything. She still brings up the time I cut her bangs with the pinking shears "
                "the night before her First Communion pictures, and that was 1971."
            ),
            "Well, I'd better go thaw something for supper. It was nice chatting, Kai.",
        ],
        [
            (
                "Good morning, Kai. The dog got into the neighbor's trash again, so I've already "
                "had quite a day and it's barely nine."
            ),
            (
                "I turned 63 this past October, and Harold, bless him, booked us a table at the "
                "same steakhouse where he proposed. The waiter had the nerve to ask if we wanted "
                "the senior menu, and I told him I'd let him know when I was a senior."
            ),
            (
                "My grandmother Solveig lived with us when I was little and wouldn't speak a word "
                "of English in the house, so I grew up speaking Norwegian at the supper table. "
                "Harold says I can still argue better in Norwegian than in English."
            ),
            (
                "I found out the hard way that I'm allergic to bee stings, at a church picnic the "
                "summer I was twelve. One little honeybee and I swelled up like a tick, so now I "
                "carry an EpiPen in my purse wherever I go. Harold's the one who can't have "
                "shellfish, which made our honeymoon dinners interesting."
            ),
            (
                "After my blood pressure went sky-high a couple of winters back, Dr. Patel put me "
                "on a low-sodium diet, and I've stuck to it, mostly. Harold still salts his food "
                "twice, once before he tastes it and once after."
            ),
            (
                "Settle something for me: how long did it take to build the Great Pyramid? My "
                "brother-in-law Dale and his bowling buddies have been going back and forth about "
                "it since the Super Bowl."
            ),
            (
                "I still drive the Buick LeSabre we bought the year Harold retired, powder blue, "
                "with a cassette deck that only plays Patsy Cline because the tape is stuck in "
                "there. Our daughter Karen keeps pushing me toward one of those electric cars, but "
                "I told her the Buick and I understand each other."
            ),
            (
                "Harold gave me a banjo for our twentieth anniversary, of all things, and I've "
                "been picking at it ever since. These days I play banjo at the senior center's "
                "bluegrass jam, which I never in a million years would have predicted."
            ),
            "Anyway, I've rambled on long enough. The dog needs her walk. Bye now.",
        ],
        [
            (
                "Hello again, Kai. It's pouring here, so I'm in my robe with the crossword and "
                "thought I'd keep you company."
            ),
            (
                "When we repainted the back bedroom, Harold wanted beige, and I held out for "
                "periwinkle, same as my prom dress in 1979. It's been my favorite color since I "
                "was a girl, and I wasn't about to give it up for beige."
            ),
            (
                "I grew up in Duluth, right on Lake Superior, where the wind off the water could "
                "knock a grown man flat. My sister Geraldine still lives up there, the only one of "
                "us with the sense to stay."
            ),
            (
                "There's nothing on God's green earth I'd rather eat than my mother's pot roast, "
                "carrots and all, made in the same cast-iron pot she got as a wedding present. "
                "Harold would pick fried chicken, which tells you everything about the man."
            ),
            (
                "I've been collecting snow globes ever since our honeymoon at Niagara Falls, when "
                "Harold bought me the first one from a gift shop. There are over a hundred on the "
                "shelves in the den now, and Duchess knows better than to wag her tail near them."
            ),
            (
                "Two years ago our granddaughter did a semester in Florence, and I got it into my "
                "head to learn Italian so I could visit her properly. I'm still at the lessons on "
                "my tablet every evening, though mostly I know how to order gelato."
            ),
            (
                "Harold and I met at a roller rink in 1981, when he skated right into me and "
                "knocked me into the concession stand. We were married eleven months later, and "
                "he's been apologizing ever since."
            ),
            (
                "Quick question before I forget: when's the next total solar eclipse we'll get "
                "here in the States? We watched the one in 2017 from a cornfield in Kentucky and "
                "I've been hooked ever since."
            ),
            (
                "Every Christmas Eve since I was nine, I've watched It's a Wonderful Life, and I "
                "still bawl when Clarence gets his wings. Harold sleeps through it every year and "
                "claims he's only resting his eyes."
            ),
            (
                "Wednesdays I play pickleball at the Y with a bunch of gals who are far too "
                "competitive for women our age. Harold golfs on Thursdays, which keeps us out of "
                "each other's hair."
            ),
            (
                "And then there's Tater, our orange tabby, who showed up on the porch one "
                "Halloween and simply never left. He's nineteen pounds of pure attitude."
            ),
        ],
        [
            (
                "Kai, you won't believe the year we've had. Pour yourself a cup of something, "
                "this'll take a while."
            ),
            (
                "So after thirty-odd years of talking about it, we finally put the house in Dayton "
                "on the market, and it sold in four days flat. Harold always wanted to be near the "
                "mountains, so we packed up the whole menagerie and moved to Asheville, North "
                "Carolina. The moving truck broke down in Kentucky, but that's another story."
            ),
            (
                "I had fully intended to retire from the library when we left, and I did, for "
                "about six weeks. Then I went stir-crazy, and now I'm a tour guide, if you can "
                "believe it, walking folks through the rooms and telling them which Vanderbilt "
                "slept where."
            ),
            (
                "The job's at the Biltmore Estate, three days a week. I got lost in that house on "
                "my very first day, which my supervisor still brings up."
            ),
            (
                "And I've given up the Sanka at long last. A lady at our new church got me onto "
                "chicory coffee, the New Orleans kind with a splash of milk, and now that's what I "
                "pour every morning before anyone else is up."
            ),
            (
                "The Buick finally gave up the ghost on a hill just outside town, steam pouring "
                "out from under the hood, with Harold standing there saying 'I told you so.' So I "
                "let Karen talk me into a Prius, and I'll admit it's awful nice not stopping for "
                "gas every other day."
            ),
            (
                "Is it true there are fireflies up in the Smokies that all blink at the same time? "
                "One of the other guides swears by it, and I said I'd believe it when I saw it."
            ),
            (
                "And here's a confession: I've been converted. Our first week here a little diner "
                "by the river served me shrimp and grits, and I've been back every Saturday since. "
                "Mother's pot roast will always have a place in my heart, but grits are my "
                "favorite food now, no contest."
            ),
            "Well, Duchess is giving me that look, so it's walk time. Talk soon, Kai.",
        ],
        SIXTY_FOURTH_QUESTIONS[:12],
        SIXTY_FOURTH_QUESTIONS[12:],
    ],
    facts=_facts(SIXTY_FOURTH_QUESTIONS, _SIXTY_FOURTH_VALUES),
    trivia_markers=("hummingbird", "pyramid", "eclipse", "fireflies"),
)


SCRIPTS = {"dev": DEV, "held": HELD, "fresh": FRESH, "blind": BLIND, "fifth": FIFTH,
           "sixth": SIXTH, "seventh": SEVENTH, "eighth": EIGHTH,
           "ninth": NINTH, "tenth": TENTH, "eleventh": ELEVENTH,
           "twelfth": TWELFTH, "thirteenth": THIRTEENTH,
           "fourteenth": FOURTEENTH, "fifteenth": FIFTEENTH,
           "sixteenth": SIXTEENTH, "seventeenth": SEVENTEENTH,
           "eighteenth": EIGHTEENTH, "nineteenth": NINETEENTH,
           "twentieth": TWENTIETH, "twenty_first": TWENTY_FIRST,
           "twenty_second": TWENTY_SECOND, "twenty_third": TWENTY_THIRD,
           "twenty_fourth": TWENTY_FOURTH,
           "twenty_fifth": TWENTY_FIFTH,
           "twenty_sixth": TWENTY_SIXTH,
           "twenty_seventh": TWENTY_SEVENTH,
           "twenty_eighth": TWENTY_EIGHTH,
           "twenty_ninth": TWENTY_NINTH,
           "thirtieth": THIRTIETH,
           "thirty_first": THIRTY_FIRST,
           "thirty_second": THIRTY_SECOND,
           "thirty_third": THIRTY_THIRD,
           "thirty_fourth": THIRTY_FOURTH,
           "thirty_fifth": THIRTY_FIFTH,
           "thirty_sixth": THIRTY_SIXTH,
           "thirty_seventh": THIRTY_SEVENTH,
           "thirty_eighth": THIRTY_EIGHTH,
           "thirty_ninth": THIRTY_NINTH,
           "fortieth": FORTIETH,
           "forty_first": FORTY_FIRST,
           "forty_second": FORTY_SECOND,
           "forty_third": FORTY_THIRD,
           "forty_fourth": FORTY_FOURTH,
           "forty_fifth": FORTY_FIFTH,
           "forty_sixth": FORTY_SIXTH,
           "forty_seventh": FORTY_SEVENTH,
           "forty_eighth": FORTY_EIGHTH,
           "forty_ninth": FORTY_NINTH,
           "fiftieth": FIFTIETH,
           "fifty_first": FIFTY_FIRST,
           "fifty_second": FIFTY_SECOND,
           "fifty_third": FIFTY_THIRD,
           "fifty_fourth": FIFTY_FOURTH,
           "fifty_fifth": FIFTY_FIFTH,
           "fifty_sixth": FIFTY_SIXTH,
           "fifty_seventh": FIFTY_SEVENTH,
           "fifty_eighth": FIFTY_EIGHTH,
           "fifty_ninth": FIFTY_NINTH,
           "sixtieth": SIXTIETH,
           "sixty_first": SIXTY_FIRST,
           "sixty_second": SIXTY_SECOND,
           "sixty_third": SIXTY_THIRD,
           "sixty_fourth": SIXTY_FOURTH}
