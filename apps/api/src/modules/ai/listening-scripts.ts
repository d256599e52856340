import type { LEXICON_TOPICS } from './lexicon';

/*
 * Listening scripts for the built-in generator, written for Prepwise: short TOEIC Part 3 (conversation)
 * and Part 4 (talk) style scripts with slots. Each slot has four choices; the seed picks one, and the
 * other three are the distractors of the question about that slot. A choice has what the script says
 * (`say`, word for word in the script) and how an option puts it (`ask`), so a key is right by
 * construction: its `say` is in the line the question cites, and no distractor's `say` is in the script.
 */

type Topic = (typeof LEXICON_TOPICS)[number];

export interface Choice {
  say: string;
  ask: string;
}

interface Question {
  /** The question as the learner reads it. */
  text: string;
  slot: string;
}

export interface ScriptTemplate {
  id: string;
  kind: 'conversation' | 'talk';
  title: string;
  topics: Topic[];
  slots: Record<string, [Choice, Choice, Choice, Choice]>;
  /** The script's lines; `{slot}` is replaced by the chosen choice's `say`. */
  lines: { speaker: 'Woman' | 'Man' | 'Speaker'; text: string }[];
  /** In the order the script answers them. */
  questions: Question[];
}

const c = (say: string, ask: string): Choice => ({ say, ask });

export const SCRIPT_TEMPLATES: ScriptTemplate[] = [
  {
    id: 'equipment-repair',
    kind: 'conversation',
    title: 'Equipment repair',
    topics: ['work', 'technology'],
    slots: {
      device: [
        c('the printer on the fourth floor', 'A printer'),
        c('the projector in Meeting Room B', 'A projector'),
        c('the scanner beside the mail room', 'A scanner'),
        c('the large screen in the training room', 'A display screen'),
      ],
      problem: [
        c('it has been switching itself off', 'It keeps turning off.'),
        c('it has been making a loud grinding noise', 'It makes a loud noise.'),
        c('it has been showing an error message every few minutes', 'It displays an error message.'),
        c('it has refused to start at all', 'It will not start.'),
      ],
      when: [
        c('at ten thirty', 'At 10:30'),
        c('just after lunch', 'After lunch'),
        c('before five o’clock', 'Before 5 o’clock'),
        c('first thing tomorrow', 'Early tomorrow'),
      ],
      next: [
        c('book the small meeting room on the second floor', 'Reserve a different room'),
        c('ask my manager to move the session to Friday', 'Ask to reschedule a session'),
        c('borrow a spare one from the sales department', 'Borrow a device from another department'),
        c('cancel the session and send everyone the slides', 'Cancel a session'),
      ],
    },
    lines: [
      {
        speaker: 'Woman',
        text: 'Hello, I’m calling from the marketing department. I’m having trouble with {device}. Since this morning, {problem}.',
      },
      {
        speaker: 'Man',
        text: 'I’m sorry to hear that. Have you tried unplugging it for a minute and starting it again? That often solves the problem.',
      },
      {
        speaker: 'Woman',
        text: 'Yes, I tried that twice, but it didn’t help. The thing is, I’m running a training session for new employees in about half an hour, and I really need it.',
      },
      {
        speaker: 'Man',
        text: 'I understand. All of our technicians are busy with a network upgrade right now, but one of them can come up {when}.',
      },
      {
        speaker: 'Woman',
        text: 'That will be too late for my session. I think I’ll {next} instead, just to be safe.',
      },
      {
        speaker: 'Man',
        text: 'That sounds sensible. I’ll create a repair request now, and I’ll call you as soon as the technician is on the way.',
      },
    ],
    questions: [
      { text: 'What is the woman calling about?', slot: 'device' },
      { text: 'What problem does the woman mention?', slot: 'problem' },
      { text: 'When can a technician come?', slot: 'when' },
      { text: 'What does the woman say she will do?', slot: 'next' },
    ],
  },
  {
    id: 'hotel-room-change',
    kind: 'conversation',
    title: 'A room change',
    topics: ['travel'],
    slots: {
      issue: [
        c('the air conditioner in my room is very loud', 'The air conditioner is noisy.'),
        c('the internet in my room keeps disconnecting', 'The internet connection is unreliable.'),
        c('my window looks straight onto a building site', 'There is construction outside.'),
        c('the shower in my room has no hot water', 'There is no hot water.'),
      ],
      floor: [
        c('on the ninth floor', 'On the ninth floor'),
        c('on the twelfth floor', 'On the twelfth floor'),
        c('on the third floor', 'On the third floor'),
        c('on the sixth floor', 'On the sixth floor'),
      ],
      offer: [
        c('a free breakfast tomorrow morning', 'A free meal'),
        c('twenty percent off tonight’s rate', 'A discount on the room'),
        c('free entry to the spa', 'Use of the spa'),
        c('a late checkout at two o’clock', 'A later checkout time'),
      ],
      next: [
        c('wait here in the lobby', 'Wait in the lobby'),
        c('go back upstairs and pack my suitcase', 'Pack his belongings'),
        c('have a coffee in the café while I wait', 'Have a drink in the café'),
        c('leave my bags with you and go out for a walk', 'Leave his luggage at the desk'),
      ],
    },
    lines: [
      {
        speaker: 'Man',
        text: 'Good evening. I’m staying in room 418, and I was wondering if I could change rooms. I’m afraid {issue}, and I didn’t sleep much last night.',
      },
      {
        speaker: 'Woman',
        text: 'I’m very sorry about that, sir. Let me see what’s available. Yes, we have a similar room {floor}, and everything in it was checked this afternoon.',
      },
      { speaker: 'Man', text: 'That would be great. Is there any extra charge for moving?' },
      {
        speaker: 'Woman',
        text: 'Not at all. And to make up for the trouble, we’d like to offer you {offer}.',
      },
      {
        speaker: 'Man',
        text: 'That’s very kind of you. How long will it take to get the new room ready?',
      },
      {
        speaker: 'Woman',
        text: 'Housekeeping needs about twenty minutes to prepare it. I’ll give you the new key card as soon as it’s done.',
      },
      { speaker: 'Man', text: 'Perfect. In that case, I’ll {next}.' },
    ],
    questions: [
      { text: 'Why does the man want to change rooms?', slot: 'issue' },
      { text: 'Where is the new room?', slot: 'floor' },
      { text: 'What does the woman offer the man?', slot: 'offer' },
      { text: 'What will the man probably do next?', slot: 'next' },
    ],
  },
  {
    id: 'catering-order',
    kind: 'conversation',
    title: 'A catering order',
    topics: ['business'],
    slots: {
      event: [
        c('our annual awards dinner', 'An awards dinner'),
        c('the launch of our new headphones', 'A product launch'),
        c('a retirement party for our finance director', 'A retirement party'),
        c('a meeting of our regional managers', 'A management meeting'),
      ],
      guests: [
        c('about sixty guests', 'About 60'),
        c('about eighty guests', 'About 80'),
        c('about a hundred and twenty guests', 'About 120'),
        c('about forty-five guests', 'About 45'),
      ],
      change: [
        c('add a vegetarian main course', 'Add a vegetarian dish'),
        c('replace the chocolate cake with fresh fruit', 'Replace a dessert'),
        c('include coffee and tea with the meal', 'Include hot drinks'),
        c('serve the food outside on the terrace', 'Change where the food is served'),
      ],
      deadline: [
        c('by Wednesday at noon', 'By Wednesday at noon'),
        c('by the end of today', 'By the end of today'),
        c('by Tuesday morning', 'By Tuesday morning'),
        c('by Monday afternoon', 'By Monday afternoon'),
      ],
    },
    lines: [
      {
        speaker: 'Woman',
        text: 'Hi, this is Mai from Harbor Point Design. We ordered catering from you for {event} next Friday, and I’d like to make a small change to the order.',
      },
      {
        speaker: 'Man',
        text: 'Of course. Let me find your order. Right, I have it here: a buffet for {guests}. What would you like to change?',
      },
      {
        speaker: 'Woman',
        text: 'Several people have asked us to {change}. Would that be possible?',
      },
      {
        speaker: 'Man',
        text: 'Yes, that’s no problem, although it will add a little to the total price. I’ll email you an updated quote this afternoon.',
      },
      { speaker: 'Woman', text: 'Thank you. And when do you need the final number of guests?' },
      {
        speaker: 'Man',
        text: 'We need to know {deadline}, because our kitchen orders its ingredients two days in advance.',
      },
      {
        speaker: 'Woman',
        text: 'Understood. I’ll check with our office manager and get back to you well before then.',
      },
    ],
    questions: [
      { text: 'What event is the woman organizing?', slot: 'event' },
      { text: 'How many guests are expected?', slot: 'guests' },
      { text: 'What does the woman ask to do?', slot: 'change' },
      { text: 'By when must the woman confirm the number of guests?', slot: 'deadline' },
    ],
  },
  {
    id: 'tour-welcome',
    kind: 'talk',
    title: 'A tour guide’s welcome',
    topics: ['travel'],
    slots: {
      place: [
        c('the old river port', 'A river port'),
        c('the mountain tea farms', 'Some tea farms'),
        c('the historic city walls', 'The city walls'),
        c('the island lighthouse', 'A lighthouse'),
      ],
      duration: [
        c('about three hours', 'About three hours'),
        c('about four hours', 'About four hours'),
        c('about ninety minutes', 'About 90 minutes'),
        c('about five hours', 'About five hours'),
      ],
      change: [
        c('the museum is closed for repairs', 'A museum is closed.'),
        c('the main road is being resurfaced', 'A road is under repair.'),
        c('the ferry is running on a holiday timetable', 'A ferry timetable has changed.'),
        c('a flower festival is taking place in the square', 'A festival is being held.'),
      ],
      request: [
        c('keep your ticket with you all day', 'Keep their tickets with them'),
        c('fill in the short survey card in your seat pocket', 'Complete a survey'),
        c('stay together when we walk through the market', 'Stay with the group'),
        c('switch your phones to silent mode', 'Silence their phones'),
      ],
    },
    lines: [
      {
        speaker: 'Speaker',
        text: 'Good morning, everyone, and welcome aboard. My name is Lena, and I’ll be your guide on today’s visit to {place}.',
      },
      {
        speaker: 'Speaker',
        text: 'The whole tour takes {duration}, including a stop for photographs and a short break for refreshments.',
      },
      {
        speaker: 'Speaker',
        text: 'Before we set off, I need to mention one change to our usual route. Today {change}, so we’ll take a slightly different way and visit the local market first.',
      },
      {
        speaker: 'Speaker',
        text: 'Don’t worry: you won’t miss any of the main sights, and the market is a favorite with many of our guests.',
      },
      { speaker: 'Speaker', text: 'One more thing. I’d like to ask all of you to {request}.' },
      {
        speaker: 'Speaker',
        text: 'Thank you, and please let me know if you have any questions along the way. Enjoy the trip!',
      },
    ],
    questions: [
      { text: 'Where are the listeners going?', slot: 'place' },
      { text: 'How long will the tour last?', slot: 'duration' },
      { text: 'Why has the route changed?', slot: 'change' },
      { text: 'What are the listeners asked to do?', slot: 'request' },
    ],
  },
  {
    id: 'project-update',
    kind: 'talk',
    title: 'A project update',
    topics: ['work', 'business', 'technology'],
    slots: {
      project: [
        c('the move to our new office building', 'An office move'),
        c('the new customer booking system', 'A booking system'),
        c('the redesign of our company website', 'A website redesign'),
        c('the expansion of our delivery service', 'A service expansion'),
      ],
      reason: [
        c('the supplier has not delivered some equipment yet', 'Some equipment has not arrived.'),
        c('we need more time to test everything carefully', 'More testing is needed.'),
        c('two members of the team are away at a trade fair', 'Some staff members are away.'),
        c('the board has to approve the budget again', 'The budget needs approval.'),
      ],
      date: [
        c('the first week of June', 'In early June'),
        c('the middle of September', 'In mid-September'),
        c('the last week of October', 'In late October'),
        c('the second week of March', 'In March'),
      ],
      ask: [
        c('sign up for a training session on the staff website', 'Register for training'),
        c('send your questions to Priya in human resources', 'Send questions to a colleague'),
        c('clear your desks of personal items by Friday', 'Clear their desks'),
        c('read the short guide I emailed this morning', 'Read a guide'),
      ],
    },
    lines: [
      {
        speaker: 'Speaker',
        text: 'Good afternoon, everyone. Before we finish today’s meeting, I’d like to give you an update on {project}.',
      },
      {
        speaker: 'Speaker',
        text: 'As you know, we had planned to complete it next month. Unfortunately, {reason}, so the schedule has changed.',
      },
      {
        speaker: 'Speaker',
        text: 'We now expect everything to be ready in {date}. I know this is disappointing, but it is better to do this properly than to hurry.',
      },
      {
        speaker: 'Speaker',
        text: 'In the meantime, there is something I’d like all of you to do. Please {ask}.',
      },
      {
        speaker: 'Speaker',
        text: 'That way, the change will go smoothly for everyone, including our customers. The team leaders will share more details next week. Thank you all for your patience and your hard work.',
      },
    ],
    questions: [
      { text: 'What is the speaker mainly discussing?', slot: 'project' },
      { text: 'Why has the schedule changed?', slot: 'reason' },
      { text: 'When does the speaker expect the work to be ready?', slot: 'date' },
      { text: 'What are the listeners asked to do?', slot: 'ask' },
    ],
  },
  {
    id: 'clinic-message',
    kind: 'talk',
    title: 'A message from a clinic',
    topics: ['health'],
    slots: {
      day: [
        c('on Monday morning', 'On Monday morning'),
        c('on Wednesday afternoon', 'On Wednesday afternoon'),
        c('on Thursday evening', 'On Thursday evening'),
        c('on Saturday morning', 'On Saturday morning'),
      ],
      reason: [
        c('Dr. Shah has been called away to a conference', 'A doctor will be away.'),
        c('our building will be closed for a safety inspection', 'The building will be closed.'),
        c('the machine for your scan needs to be serviced', 'Some equipment needs servicing.'),
        c('the clinic is changing its opening hours', 'The opening hours are changing.'),
      ],
      offer: [
        c('see another doctor at the same time', 'See a different doctor'),
        c('come in one day later', 'Come a day later'),
        c('have the consultation by video call', 'Have an online consultation'),
        c('visit our branch on Park Street', 'Go to another branch'),
      ],
      bring: [
        c('your insurance card', 'An insurance card'),
        c('a list of the medicines you take', 'A list of medicines'),
        c('the results of your last blood test', 'Some test results'),
        c('your completed registration form', 'A registration form'),
      ],
    },
    lines: [
      {
        speaker: 'Speaker',
        text: 'Hello, this message is for Mr. Tran. This is Ana calling from the Riverside Health Clinic about your appointment {day}.',
      },
      {
        speaker: 'Speaker',
        text: 'I’m sorry, but we need to make a change to it, because {reason}. We apologize for any trouble this may cause.',
      },
      {
        speaker: 'Speaker',
        text: 'If it suits you, you could {offer} instead. Just call us back and let us know which you prefer.',
      },
      {
        speaker: 'Speaker',
        text: 'Also, when you come, please remember to bring {bring}, so that we can update your records before you see the doctor.',
      },
      {
        speaker: 'Speaker',
        text: 'You can reach our reception desk until six in the evening on weekdays. Thank you, and we look forward to seeing you soon.',
      },
    ],
    questions: [
      { text: 'When was the listener’s appointment?', slot: 'day' },
      { text: 'Why does the appointment need to change?', slot: 'reason' },
      { text: 'What does the speaker suggest?', slot: 'offer' },
      { text: 'What should the listener bring?', slot: 'bring' },
    ],
  },
  {
    id: 'community-news',
    kind: 'talk',
    title: 'Community news',
    topics: ['environment', 'education'],
    slots: {
      event: [
        c('a free workshop on reducing household waste', 'A waste-reduction workshop'),
        c('a tree-planting morning in Lakeside Park', 'A tree-planting event'),
        c('a class on saving energy at home', 'An energy-saving class'),
        c('a repair café where volunteers fix broken items', 'A repair event'),
      ],
      leader: [
        c('a local science teacher', 'A teacher'),
        c('two engineers from the city council', 'City engineers'),
        c('a researcher from the university', 'A researcher'),
        c('the owner of a recycling company', 'A business owner'),
      ],
      time: [
        c('at nine thirty on Saturday', 'Saturday at 9:30'),
        c('at two o’clock on Saturday', 'Saturday at 2:00'),
        c('at ten o’clock on Sunday', 'Sunday at 10:00'),
        c('at four o’clock on Sunday', 'Sunday at 4:00'),
      ],
      advice: [
        c('sign up on the center’s website, as places are limited', 'Register in advance'),
        c('arrive early to find a parking space', 'Arrive early'),
        c('bring their own gloves and a water bottle', 'Bring some items'),
        c('take the number 12 bus, since the car park will be closed', 'Use public transportation'),
      ],
    },
    lines: [
      {
        speaker: 'Speaker',
        text: 'You’re listening to City Radio’s community news. This weekend, the Greenfield Community Center is holding {event}.',
      },
      {
        speaker: 'Speaker',
        text: 'The event will be led by {leader}, who has been helping local families make small changes that save money and protect the environment.',
      },
      {
        speaker: 'Speaker',
        text: 'It starts {time} and lasts about two hours. Entry costs nothing, and children over ten are welcome if they come with an adult.',
      },
      { speaker: 'Speaker', text: 'The organizers advise everyone to {advice}.' },
      {
        speaker: 'Speaker',
        text: 'Last year, more than two hundred people took part, and the center hopes to welcome even more this time. For more details, visit the center’s website. And now, here is the weather.',
      },
    ],
    questions: [
      { text: 'What is being announced?', slot: 'event' },
      { text: 'Who will lead the event?', slot: 'leader' },
      { text: 'When does the event start?', slot: 'time' },
      { text: 'What are listeners advised to do?', slot: 'advice' },
    ],
  },
];
