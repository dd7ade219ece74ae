import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { useDispatch, useSelector } from 'react-redux';
import { api } from './api';
import { chatReducer } from './chat-slice';
import { mailboxReducer } from './mailbox-slice';
import { userLogsReducer } from './user-logs-slice';

export const store = configureStore({
  reducer: {
    [api.reducerPath]: api.reducer,
    userLogs: userLogsReducer,
    chat: chatReducer,
    mailbox: mailboxReducer,
  },
  middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
});

// Lets queries opt into refetchOnFocus / refetchOnReconnect.
setupListeners(store.dispatch);

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
