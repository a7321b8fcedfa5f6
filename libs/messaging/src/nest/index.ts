export * from './bus-client';
export * from './bus-context';
export * from './bus-exception.filter';
export * from './bus-server';
export { replyForError } from './reply';
export { answerNotingReplay, markReplayed, noteReplayedReply, observeReplays } from './replays';
export * from './handles.decorator';
